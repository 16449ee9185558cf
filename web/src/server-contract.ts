// What the server renderer (src/entry-server.tsx, built to dist-server/entry-server.js) offers the
// gateway, which imports the build at run time and these types when it compiles. Plain types only:
// the gateway's compiler reads this file, and nothing else of the web app.
import type { DocumentNode } from 'graphql';

export interface ExecutionResult {
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string }[];
}

/** Runs one GraphQL operation in the gateway's process, as an anonymous shopper. */
export type Execute = (op: { query: DocumentNode; variables: Record<string, unknown>; operationName?: string }) => Promise<ExecutionResult>;

export interface RenderOptions {
  /** Path and query of the page, e.g. /product?brand=Apple: it begins with a single "/" (render refuses `//host/…`). */
  url: string;
  /** The shop's public origin, from configuration (never from the request's Host header). */
  origin: string;
  execute: Execute;
  sanitize: (html: string) => string;
  shopName?: string;
  signal?: AbortSignal;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      head: string;
      /** The Apollo cache the browser hydrates from. */
      state: unknown;
      /** How many times React rendered the tree (one: the data is fetched before the render). */
      renderPasses: number;
      /** Operations asked for during the render, which a page's loadData should have fetched first (none). */
      lateQueries: string[];
      /**
       * Whether the gateway may keep the page in its cache: a 200 at the page's canonical address that its
       * loadData took for one of the shop's own (no made-up filter value, no page past the last, no price typed in).
       */
      cacheable: boolean;
      /** Streams the app's HTML (what goes inside #root) into `out`. */
      pipe: (out: NodeJS.WritableStream) => void;
      abort: () => void;
    };

export interface PageDescription {
  /** The page's modules as the build's manifest names them (e.g. src/features/store/store-page.tsx): their chunks and styles go with the page. */
  modules: string[];
  /** False for signed-in pages and forms, which the browser renders. */
  serverRendered: boolean;
  /** The query parameters the page reads, sorted; any other changes nothing on the page. */
  query: string[];
}

export interface ServerEntry {
  render(options: RenderOptions): Promise<RenderResult>;
  describePage(pathname: string): PageDescription;
  /**
   * The one spelling of the page a path shows (`/bLoGs/` → `/blogs`, `/product/ABC` → `/product/abc`,
   * `//x/product` → `/x/product`): built from the route's declared segments, one "/" between them and none
   * at the end, always beginning with a single "/" (a path, never another host).
   */
  canonicalPath(pathname: string): string;
}
