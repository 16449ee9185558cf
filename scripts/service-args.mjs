// How each service of the shop is started (node's arguments, run in the service's folder, and the
// memory settings of its environment), in one place for `npm start`, the test stacks and the benches;
// compose.yaml and the Dockerfile spell the same (tests/deploy checks they agree).
//
// Memory (issue #16, measured by `npm run bench:start -w tests`: 652 MiB for the four processes before,
// under 400 after):
// - The gateway's heap is bounded: V8 otherwise lets garbage pile up to gigabytes before it collects
//   on a large machine (a flood of requests took the gateway to 865 MiB resident). Its caches are
//   bounded by size and fit well within it.
// - Young generations are small (V8's semi-space, 16 MiB by default): the services keep little
//   short-lived data, and a small one is collected sooner.
// - glibc's malloc serves blocks of 32 KiB and more from mmap, so memory freed by V8's compilers (the
//   embedded database's WebAssembly is optimised on background threads) goes back to the system
//   instead of staying in per-thread arenas: the api on PGlite holds ~70 MiB less. Other C libraries
//   ignore the setting.
// - `npm start` runs the payment simulator inside its launcher (scripts/start.mjs), a process less; in a process of
//   its own (compose.demo.yaml) it runs without V8's compilers (--jitless):
//   it answers a few requests a payment, and its compiled code and their buffers were 9 MiB of its 64
//   (Node 24: 64 → 55 MiB resident after the start bench, npm start as fast). --jitless leaves no
//   WebAssembly, and fetch's HTTP parser is WebAssembly: its webhooks go out through node:http
//   (tests/deploy/ports.test.ts starts it with these arguments and receives one).
export const GATEWAY_HEAP_MIB = 192;

const NODE_ARGS = {
  api: ['--max-semi-space-size=2'],
  gateway: [`--max-old-space-size=${GATEWAY_HEAP_MIB}`, '--max-semi-space-size=1'],
  'payment-simulator': ['--max-semi-space-size=1', '--jitless'],
};

export const MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=32768';

/**
 * Node's arguments for the launcher, scripts/start.mjs (package.json's `start` spells them; tests/deploy checks they
 * agree). It starts the services, waits, and runs the payment simulator when no Razorpay keys are set, which answers
 * a few requests a payment: V8's compilers are not needed (--jitless: 75 → 63 MiB resident after the start bench on
 * Node 24, with a small young generation).
 */
export const LAUNCHER_ARGS = ['--jitless', '--max-semi-space-size=1'];

/** @param {'api' | 'gateway' | 'payment-simulator'} service */
export function serviceArgs(service) {
  return [...NODE_ARGS[service], 'dist/server.js'];
}

/**
 * A service's environment: `env` with the memory settings above (a GLIBC_TUNABLES set by the operator wins).
 * @param {Record<string, string | undefined>} env
 */
export function serviceEnv(env) {
  return { ...env, GLIBC_TUNABLES: env.GLIBC_TUNABLES || MALLOC_TUNABLES };
}
