/** The storefront's pictures made at build time (web/build/storefront-art.ts): art[name][width] is an address. */
declare module 'virtual:storefront-art' {
  const art: Record<string, Record<number, string>>;
  export default art;
}
