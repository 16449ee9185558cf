// One command for the whole shop: builds, then runs the payment simulator (when no Razorpay keys
// are set; in this process), the REST api and the GraphQL gateway (each a process of its own), prints where
// they answer, and stops them all on Ctrl-C.
// With --dev: no build; each service runs from its TypeScript source and restarts on change, and the
// storefront is served by Vite (with hot reload) at http://localhost:5173.
import { spawn, spawnSync } from 'node:child_process';
import { watch } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import process from 'node:process';
import { serviceArgs, serviceEnv } from './service-args.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env };
const simulated = !env.RAZORPAY_KEY_ID && !env.RAZORPAY_KEY_SECRET;
const simPort = env.PAYMENT_SIM_PORT ?? '4002';
if (simulated) {
  env.PAYMENT_SIM_URL ??= `http://127.0.0.1:${simPort}`;
  // The simulator sends its webhooks to the shop's public address, as Razorpay would be configured to;
  // both sides use the simulator's development webhook secret unless RAZORPAY_WEBHOOK_SECRET is set.
  env.PAYMENT_SIM_WEBHOOK_URL ??= `http://127.0.0.1:${env.PORT ?? '4000'}/api/payments/razorpay/webhook`;
  if (env.RAZORPAY_WEBHOOK_SECRET) env.PAYMENT_SIM_WEBHOOK_SECRET ??= env.RAZORPAY_WEBHOOK_SECRET;
}
env.SHOP_API_URL ??= `http://127.0.0.1:${env.API_PORT ?? '4001'}/api`;
// The shop's public address, as the api writes it in links (the first owner's, e-mails, passkeys): the
// gateway's PUBLIC_URL when set, else where the gateway listens.
env.WEB_URL ??= env.PUBLIC_URL || `http://localhost:${env.PORT || '4000'}`;
env.WEB_DIST ??= path.join(root, 'web/dist');

const dev = process.argv.includes('--dev');
if (dev) {
  // The typed hooks and resolver types are generated, not committed: a fresh clone has none yet.
  const codegen = spawnSync(npm, ['run', 'codegen', '--silent'], { stdio: 'inherit', env, cwd: root });
  if (codegen.status !== 0) process.exit(codegen.status ?? 1);
  regenerateOnChange();
}
if (!dev && env.SKIP_BUILD !== '1') {
  // Built already from these very sources (build-stamp.mjs): a second start skips the build. In a process of its
  // own, so the launcher, up as long as the shop is, does not keep what hashing the tree took.
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-changed.mjs')], { stdio: 'inherit', env, cwd: root });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const entry = (service) => (dev ? ['--conditions=source', '--import', 'tsx', '--watch', 'src/server.ts'] : serviceArgs(service));
const services = [
  // In development the simulator restarts on change in a process of its own; otherwise it runs here, in the launcher,
  // which is up as long as the shop is anyway: a process less (about 50 MiB of the shop's memory, issue #54).
  ...(simulated && dev ? [{ name: 'payment simulator', cwd: 'payment-simulator', args: entry('payment-simulator') }] : []),
  { name: 'api', cwd: 'api', args: entry('api') },
  { name: 'gateway', cwd: 'gateway', args: entry('gateway') },
  ...(dev ? [{ name: 'web (vite)', cwd: 'web', args: ['../node_modules/vite/bin/vite.js'] }] : []),
];
if (dev) delete env.WEB_DIST;

const children = new Set();
let stopping = false;
/** The payment simulator when it runs in this process (npm start without Razorpay keys). */
let simulator = null;

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  void simulator?.close();
  for (const child of children) child.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(code);
  }, 5_000);
  force.unref();
  const wait = setInterval(() => {
    if (children.size === 0) {
      clearInterval(wait);
      process.exit(code);
    }
  }, 50);
}

// A failure here (the simulator's) stops the whole shop, as a child's exit does, rather than leaving the others running.
process.on('uncaughtException', (err) => {
  console.error(`The launcher failed: ${err.stack ?? err}; stopping the shop.`);
  stopAll(1);
});

if (simulated && !dev) {
  const sim = await import(pathToFileURL(path.join(root, 'payment-simulator/dist/index.js')).href);
  try {
    const settings = sim.simulatorSettings({ ...env, PAYMENT_SIM_PORT: simPort });
    simulator = await sim.startSimulator(settings.port, settings.options, settings.host);
    console.log(sim.simulatorBanner(simulator.url, settings));
  } catch (err) {
    console.error(`[payment simulator] ${err.message}`);
    process.exit(1);
  }
}

for (const service of services) {
  const child = spawn(process.execPath, service.args, {
    cwd: path.join(root, service.cwd),
    env: serviceEnv({ ...env, DATA_DIR: path.resolve(root, env.DATA_DIR ?? '.data') }),
    stdio: 'inherit',
  });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`${service.name} stopped (${signal ?? `exit code ${code}`}); stopping the shop.`);
      stopAll(code || 1);
    }
  });
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

/** In development, an edited .graphql file (an operation, or the schema) regenerates the hooks and types. */
function regenerateOnChange() {
  let timer;
  let running = false;
  let again = false;
  const run = () => {
    if (running) return void (again = true);
    running = true;
    const codegen = spawn(npm, ['run', 'codegen', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'], env, cwd: root });
    codegen.on('exit', (code) => {
      running = false;
      console.log(code === 0 ? 'GraphQL changed: hooks and types generated again' : 'GraphQL changed: codegen failed (see above)');
      if (again) {
        again = false;
        run();
      }
    });
  };
  const changed = (file) => {
    if (!file || !String(file).endsWith('.graphql')) return;
    clearTimeout(timer);
    timer = setTimeout(run, 200);
  };
  watch(path.join(root, 'web/src'), { recursive: true }, (_event, file) => changed(file));
  watch(path.join(root, 'schema'), { recursive: true }, (_event, file) => changed(file));
  watch(path.join(root, 'admin/src'), { recursive: true }, (_event, file) => changed(file));
}
