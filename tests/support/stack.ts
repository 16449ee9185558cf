import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SIMULATOR_KEY_ID, SIMULATOR_KEY_SECRET, SIMULATOR_WEBHOOK_SECRET } from '@digitic/payment-simulator/keys';
import pg from 'pg';
import { serviceArgs, serviceEnv } from '../../scripts/service-args.mjs';
import { Nginx } from './nginx';
import { FaultProxy } from './fault-proxy';
import { assertBuilt } from '../../scripts/built.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const JWT_SECRET = 'a-test-secret-of-at-least-thirty-two-characters-0123456789';

export interface StackOptions {
  /** First port; the stack uses the next 3 × (apis + gateways) + 2 ports after it. */
  basePort: number;
  apis?: number;
  gateways?: number;
  /** NODE_ENV=production (real Razorpay settings pointed at the simulator, a fixed JWT secret). */
  production?: boolean;
  /** A PostgreSQL database of the stack's own on this server (created, then dropped on close); PGlite when unset. */
  postgresAdminUrl?: string;
  /** Or an existing database to use as it is (never dropped). */
  databaseUrl?: string;
  /** Where the apis keep their outbox and secrets (a temporary folder, removed on close, when unset). */
  dataDir?: string;
  /**
   * nginx on this port in front of the gateways, with deploy/nginx.conf's server block (tests/support/nginx.ts):
   * the shop at one address, as production runs it. The gateways then trust the loopback proxy's X-Forwarded-For.
   */
  nginxPort?: number;
  nginxHost?: string;
  /** Print the services' output (with their names) as well as keeping it. */
  printOutput?: boolean;
  redisUrl?: string;
  /** Serve the built storefront from the gateways. */
  web?: boolean;
  /** Every gateway talks to every api directly (SHOP_API_URL lists them all), not to one through its fault proxy. */
  everyApi?: boolean;
  env?: Record<string, string>;
  gatewayEnv?: Record<string, string>;
  apiEnv?: Record<string, string>;
  /** Node's arguments put before a service's own (the load run's --cpu-prof puts `--cpu-prof` here). */
  nodeArgs?: Partial<Record<'api' | 'gateway', string[]>>;
  /** The simulator's settings (PAYMENT_SIM_WEBHOOKS=drop, say); its webhooks go to the first gateway (or nginx). */
  simEnv?: Record<string, string>;
}

interface Service {
  name: string;
  url: string;
  health: string;
  cwd: string;
  env: Record<string, string>;
  child: ChildProcess | null;
  output: string[];
}

export interface Stack {
  /** The gateways, each directly. */
  shops: string[];
  /** nginx in front of them, when it was asked for. */
  url: string | null;
  nginx: Nginx | null;
  /** The apis, directly. */
  apis: string[];
  /** Fault proxies: gateway i → apiProxies[i] → api (i mod apis). */
  apiProxies: FaultProxy[];
  /** Fault proxy between every service and the payment simulator. */
  providerProxy: FaultProxy;
  simulatorUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  db: pg.Pool | null;
  stopApi(i: number, signal?: NodeJS.Signals): Promise<void>;
  /** Signals one service ("api0", "gateway1", …) and resolves with its exit code once it has exited. */
  signal(name: string, signal?: NodeJS.Signals): Promise<number | null>;
  startApi(i: number): Promise<void>;
  /** What a service printed (its last lines), for a failing test's message. */
  output(name: string): string;
  /** A running service's resident memory in MiB (from /proc), or null when it is not running. */
  residentMiB(name: string): number | null;
  /** The CPU a running service has used so far, in ms (all its threads, user and system, from /proc), or null. */
  cpuMs(name: string): number | null;
  /** The services' names ("api0", "gateway1", "sim", …). */
  serviceNames(): string[];
  close(): Promise<void>;
}

/** A process's CPU so far in ms (utime + stime of /proc/<pid>/stat, every thread), or null when it is gone. */
export function processCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After the name: state is field 3, utime 14 and stime 15, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function waitUp(url: string, child: ChildProcess | null, seconds = 60): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not come up in ${seconds} s`);
}

/** Creates a database of its own on the server of `adminUrl` and returns its URL. */
export async function createDatabase(adminUrl: string, prefix = 'digitic_test'): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await admin.connect();
  try {
    const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`;
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(adminUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^digitic_[a-z0-9_]+$/.test(name)) return;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** The Redis server of this machine when one answers (TEST_REDIS_URL, or the default port), else null. */
export async function localRedis(): Promise<string | null> {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const { port, hostname } = new URL(url);
  const net = await import('node:net');
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok ? url : null);
    };
    socket.setTimeout(1500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
    socket.once('connect', () => socket.write('PING\r\n'));
  });
}

/** The PostgreSQL server of this machine when one answers (an admin URL), else null. */
export async function localPostgres(): Promise<string | null> {
  const url = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}

/**
 * The built shop as separate processes on loopback: the payment simulator, `apis` apis and
 * `gateways` gateways, each gateway reaching its api through a fault proxy, and every service
 * reaching the simulator through one, so tests can stop, slow or break any link.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const { basePort, apis = 1, gateways = 1, production = false } = options;
  // The stack runs the built services: a clear word instead of a missing file when they are not built.
  assertBuilt(['api', 'gateway', 'payment-simulator', ...(options.web ? (['web'] as const) : [])]);
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'digitic-stack-'));
  const databaseUrl = options.databaseUrl ?? (options.postgresAdminUrl ? await createDatabase(options.postgresAdminUrl) : null);
  if (!databaseUrl && apis > 1) throw new Error('Several apis share one PostgreSQL: set DATABASE_URL (or pass postgresAdminUrl)');
  // The run's embedded database, made once by the suite's global setup (global-setup.ts), copied rather than made anew.
  const template = process.env.STACK_PGLITE_TEMPLATE;
  const pgliteDir = path.join(dataDir, 'api', 'pglite');
  const seeded = (options.apiEnv?.SEED_DEMO ?? options.env?.SEED_DEMO ?? 'true') !== 'false';
  if (!databaseUrl && template && seeded && !existsSync(pgliteDir)) cpSync(template, pgliteDir, { recursive: true });
  let port = basePort;
  const simPort = port++;
  const providerProxy = await FaultProxy.start(port++, `http://127.0.0.1:${simPort}`);
  const simulatorUrl = `http://127.0.0.1:${simPort}`;
  const payments: Record<string, string> = production
    ? {
        RAZORPAY_KEY_ID: SIMULATOR_KEY_ID,
        RAZORPAY_KEY_SECRET: SIMULATOR_KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: SIMULATOR_WEBHOOK_SECRET,
        RAZORPAY_API_URL: providerProxy.url,
        // A production api names a seller (a published example GSTIN, of Maharashtra).
        SELLER_LEGAL_NAME: 'Test Seller LLP',
        SELLER_ADDRESS: '1 Test Road, Pune 411001, Maharashtra',
        SELLER_STATE: 'Maharashtra',
        SELLER_GSTIN: '27AAPFU0939F1ZV',
        // No mail server here: production keeps mail as files only when asked by name, as the tests read it.
        MAIL_OUTBOX: 'keep',
      }
    : { PAYMENT_SIM_URL: providerProxy.url, RAZORPAY_API_URL: providerProxy.url };
  const common: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: production ? 'production' : 'development',
    LOG_SILENT: '1',
    ...options.env,
  };
  const services: Service[] = [];
  const sim: Service = {
    name: 'simulator',
    url: simulatorUrl,
    health: `${simulatorUrl}/checkout.js`,
    cwd: 'payment-simulator',
    env: {
      ...common,
      PAYMENT_SIM_PORT: String(simPort),
      // Gateway 0's port: after the simulator, its proxy, the apis, and gateway 0's own proxy.
      PAYMENT_SIM_WEBHOOK_URL: `${options.nginxPort ? `http://127.0.0.1:${options.nginxPort}` : `http://127.0.0.1:${basePort + 3 + apis}`}/api/payments/razorpay/webhook`,
      PAYMENT_SIM_WEBHOOK_RETRY_MS: '200',
      ...options.simEnv,
    },
    child: null,
    output: [],
  };
  const apiServices: Service[] = [];
  for (let i = 0; i < apis; i++) {
    const apiPort = port++;
    apiServices.push({
      name: `api${i}`,
      url: `http://127.0.0.1:${apiPort}`,
      health: `http://127.0.0.1:${apiPort}/api/health`,
      cwd: 'api',
      env: {
        ...common,
        ...payments,
        API_PORT: String(apiPort),
        DATA_DIR: path.join(dataDir, 'api'),
        DATABASE_URL: databaseUrl ?? '',
        JWT_SECRET,
        WEB_URL: options.nginxPort ? `http://localhost:${options.nginxPort}` : 'http://shop.digitic.test',
        ...options.apiEnv,
      },
      child: null,
      output: [],
    });
  }
  const apiProxies: FaultProxy[] = [];
  const gatewayServices: Service[] = [];
  // One namespace for all the gateways of this stack, and none shared with another run.
  const redisPrefix = `digitic-test-${process.pid}-${basePort}-${Date.now().toString(36)}`;
  for (let i = 0; i < gateways; i++) {
    const proxy = await FaultProxy.start(port++, (apiServices[i % apis] as Service).url);
    apiProxies.push(proxy);
    const gwPort = port++;
    gatewayServices.push({
      name: `gateway${i}`,
      url: `http://127.0.0.1:${gwPort}`,
      health: `http://127.0.0.1:${gwPort}/ready`,
      cwd: 'gateway',
      env: {
        ...common,
        ...payments,
        PORT: String(gwPort),
        HOST: '127.0.0.1',
        SHOP_API_URL: options.everyApi ? apiServices.map((a) => `${a.url}/api`).join(',') : `${proxy.url}/api`,
        UPSTREAM_TIMEOUT_MS: '3000',
        REDIS_URL: options.redisUrl ?? '',
        REDIS_PREFIX: redisPrefix,
        PUBLIC_URL: options.nginxPort ? `http://localhost:${options.nginxPort}` : 'http://shop.digitic.test',
        WEB_DIST: options.web ? path.join(ROOT, 'web/dist') : '',
        // Behind nginx (on loopback here, on the private network in compose.yaml) the client is who nginx says.
        ...(options.nginxPort ? { TRUST_PROXY: 'loopback' } : {}),
        // Every shopper of a test run signs up from loopback; the sign-up limit's own test sets it back.
        SIGNUP_LIMIT_PER_CLIENT: '100000',
        ...options.gatewayEnv,
      },
      child: null,
      output: [],
    });
  }

  const spawnService = (s: Service) => {
    const kind = s.cwd as 'api' | 'gateway' | 'payment-simulator';
    const extra = kind === 'payment-simulator' ? [] : (options.nodeArgs?.[kind] ?? []);
    const child = spawn(process.execPath, [...extra, ...serviceArgs(kind)], {
      cwd: path.join(ROOT, s.cwd),
      env: serviceEnv(s.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      if (options.printOutput) for (const line of chunk.toString().split('\n')) if (line.trim()) console.log(`[${s.name}] ${line}`);
      s.output.push(chunk.toString());
      if (s.output.length > 200) s.output.splice(0, s.output.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    s.child = child;
    return child;
  };
  const stopService = async (s: Service, signal: NodeJS.Signals = 'SIGTERM') => {
    const child = s.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(force);
  };

  services.push(sim, ...apiServices, ...gatewayServices);
  const stack: Stack = {
    shops: gatewayServices.map((s) => s.url),
    url: null,
    nginx: null,
    apis: apiServices.map((s) => s.url),
    apiProxies,
    providerProxy,
    simulatorUrl,
    dataDir,
    databaseUrl,
    db: databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 4 }) : null,
    async stopApi(i, signal) {
      await stopService(apiServices[i] as Service, signal);
    },
    async signal(name, signal = 'SIGTERM') {
      const child = services.find((x) => x.name === name)?.child;
      if (!child) throw new Error(`no service ${name}`);
      if (child.exitCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill(signal);
      return exited;
    },
    async startApi(i) {
      const s = apiServices[i] as Service;
      await waitUp(s.health, spawnService(s));
    },
    output(name) {
      return services.find((s) => s.name === name)?.output.join('') ?? '';
    },
    residentMiB(name) {
      const pid = services.find((s) => s.name === name)?.child?.pid;
      if (!pid) return null;
      const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      return kib ? Number(kib) / 1024 : null;
    },
    cpuMs(name) {
      const pid = services.find((s) => s.name === name)?.child?.pid;
      return pid ? processCpuMs(pid) : null;
    },
    serviceNames: () => services.map((s) => s.name),
    async close() {
      await stack.nginx?.close();
      await stack.db?.end();
      await Promise.all(gatewayServices.map((s) => stopService(s)));
      await Promise.all(apiServices.map((s) => stopService(s)));
      await stopService(sim);
      await Promise.all([...apiProxies, providerProxy].map((p) => p.close()));
      if (databaseUrl && options.postgresAdminUrl && !options.databaseUrl)
        await dropDatabase(options.postgresAdminUrl, databaseUrl).catch(() => {});
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitUp(sim.health, spawnService(sim));
    // The first api migrates and seeds; the others start once it has.
    const [first, ...rest] = apiServices as [Service, ...Service[]];
    await waitUp(first.health, spawnService(first));
    await Promise.all(rest.map((s) => waitUp(s.health, spawnService(s))));
    await Promise.all(gatewayServices.map((s) => waitUp(s.health, spawnService(s))));
    if (options.nginxPort) {
      stack.nginx = await Nginx.start(
        options.nginxPort,
        gatewayServices.map((s) => s.url),
        options.nginxHost,
      );
      stack.url = stack.nginx.url;
    }
  } catch (err) {
    const printed = services.map((s) => `--- ${s.name}\n${s.output.join('').slice(-2000)}`).join('\n');
    await stack.close();
    throw new Error(`${(err as Error).message}\n${printed}`);
  }
  return stack;
}
