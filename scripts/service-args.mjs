// How each service of the shop is started (node's arguments, run in the service's folder), in one
// place for `npm start`, the test stacks and the benches; compose.yaml and the Dockerfile spell the
// same (tests/deploy checks they agree).
//
// The gateway's heap is bounded: V8 otherwise lets garbage pile up to gigabytes before it collects
// on a large machine (a flood of requests took the gateway to 865 MiB resident). Its caches are
// bounded by size and fit well within it.
export const GATEWAY_HEAP_MIB = 192;

/** @param {'api' | 'gateway' | 'payment-simulator'} service */
export function serviceArgs(service) {
  return service === 'gateway' ? [`--max-old-space-size=${GATEWAY_HEAP_MIB}`, 'dist/server.js'] : ['dist/server.js'];
}
