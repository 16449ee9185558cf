import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig as loadApiConfig } from '../../api/src/config/env';
import { loadConfig as loadGatewayConfig } from '../../gateway/src/config/env';
import { MALLOC_TUNABLES, serviceArgs } from '../../scripts/service-args.mjs';
import { ROOT } from '../support/stack';

// The container files, checked without Docker (this CI machine runs no Docker daemon): they parse,
// every path they copy or run exists in the built tree, every service's settings pass the same
// checks the services run at start-up, and the image runs as a non-root user with a health check.
// Where a Docker daemon answers, `docker compose config` checks the file as Docker reads it too.

type Service = {
  build?: string;
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
};
const readCompose = (file: string) =>
  parse(readFileSync(path.join(ROOT, file), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const compose = readCompose('compose.yaml');
const demo = readCompose('compose.demo.yaml');
const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
const nginx = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');

/** Compose's ${VAR:-default} / ${VAR:?message} substitution, with the values an operator would set. */
const substitute = (value: string, env: Record<string, string>) =>
  value.replace(
    /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
    (_m, name: string, op?: string, rest?: string) => env[name] ?? (op === '-' ? (rest ?? '') : ''),
  );
const OPERATOR_ENV = {
  JWT_SECRET: 'a-secret-for-the-compose-check-0123456789abcdef',
  POSTGRES_PASSWORD: 'p@ss/word:with#url%characters',
  RAZORPAY_KEY_ID: 'rzp_live_compose',
  RAZORPAY_KEY_SECRET: 'a-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'a-webhook-secret',
  SELLER_LEGAL_NAME: 'Pune Gadgets LLP',
  SELLER_ADDRESS: '12 FC Road, Pune 411004, Maharashtra',
  SELLER_STATE: 'Maharashtra',
  SELLER_GSTIN: '27AAPFU0939F1ZV',
  SMTP_URL: 'smtps://shop:mail-secret@mail.example.com:465',
};
const envOf = (s: Service, operator: Record<string, string> = OPERATOR_ENV) =>
  Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, substitute(String(v), operator)]));
/** A service as compose runs it with the demo file added (environment maps merge key by key). */
const withDemo = (name: string): Service => ({
  ...compose.services[name],
  ...demo.services[name],
  environment: { ...compose.services[name]?.environment, ...demo.services[name]?.environment },
});
const SECRETS = [
  'JWT_SECRET',
  'PGPASSWORD',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'RAZORPAY_WEBHOOK_SECRET_PREVIOUS',
  'SMTP_URL',
];

describe('compose.yaml', () => {
  const { services } = compose;

  it('runs PostgreSQL, Redis, 2 apis, 2 gateways and a proxy, each waiting for what it needs; the demo adds the simulator', () => {
    expect(Object.keys(services).sort()).toEqual(['api1', 'api2', 'gateway1', 'gateway2', 'postgres', 'proxy', 'redis']);
    expect(Object.keys(demo.services).sort()).toEqual(['api1', 'api2', 'gateway1', 'gateway2', 'simulator']);
    for (const [name, s] of Object.entries(services)) {
      for (const dep of Object.keys(s.depends_on ?? {})) expect(services[dep], `${name} depends on ${dep}`).toBeDefined();
    }
    expect(Object.keys(demo.services.api1?.depends_on ?? {})).toEqual(['simulator']);
    expect(services.proxy?.ports).toEqual(['${SHOP_PORT:-8080}:80']);
    // Every gateway reaches every api: one api down fails none of the shop's requests.
    for (const gateway of ['gateway1', 'gateway2']) {
      expect(loadGatewayConfig(envOf(services[gateway] as Service)).shopApiUrls).toEqual(['http://api1:4001/api', 'http://api2:4001/api']);
    }
    for (const db of ['postgres', 'redis']) expect(services[db]?.healthcheck?.test.length).toBeGreaterThan(0);
  });

  it('runs PostgreSQL, Redis and nginx on versions their projects support, pinned to a minor release', () => {
    expect(services.postgres?.image).toMatch(/^postgres:(1[6-9])\.\d+-alpine$/);
    expect(services.redis?.image).toMatch(/^redis:(7\.[24]|8\.\d+)-alpine$/);
    expect(services.proxy?.image).toMatch(/^nginx:1\.(2[89]|[3-9]\d)(\.\d+)?-alpine$/);
  });

  it("runs the shop's services from the one image, with commands that exist in the build", () => {
    for (const [name, s] of [
      ...['api1', 'api2', 'gateway1', 'gateway2'].map((n) => [n, services[n] as Service] as const),
      ['simulator', demo.services.simulator as Service] as const,
    ]) {
      expect(s.build, name).toBe('.');
      const [node, ...args] = s.command ?? [];
      const script = args.at(-1);
      expect(node).toBe('node');
      // The same arguments as npm start gives the service (scripts/service-args.mjs).
      const service = name.replace(/\d$/, '').replace('simulator', 'payment-simulator') as 'api' | 'gateway' | 'payment-simulator';
      expect(args, name).toEqual([...serviceArgs(service).slice(0, -1), `${service}/dist/server.js`]);
      expect(existsSync(path.join(ROOT, script as string)), `${name}: ${script}`).toBe(true);
      expect(envOf(s).HEALTHCHECK_URL, name).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    }
  });

  it('runs the shop in production, and the demo in development with the simulator', () => {
    for (const name of ['api1', 'api2']) {
      const config = loadApiConfig(envOf(services[name] as Service));
      expect(config.nodeEnv).toBe('production');
      expect(config.databaseUrl).toBe('postgres://digitic@postgres:5432/digitic');
      expect(config.host).toBe('0.0.0.0');
      expect(config.razorpay.simulated).toBe(false);
      const demoConfig = loadApiConfig(envOf(withDemo(name), { JWT_SECRET: OPERATOR_ENV.JWT_SECRET, POSTGRES_PASSWORD: 'x' }));
      expect(demoConfig.razorpay.simulated).toBe(true);
      expect(demoConfig.razorpay.apiUrl).toBe('http://simulator:4002');
    }
    for (const name of ['gateway1', 'gateway2']) {
      const config = loadGatewayConfig(envOf(services[name] as Service));
      expect(config.production).toBe(true);
      expect(config.redisUrl).toBe('redis://redis:6379');
      expect(config.trustProxy).toBe('uniquelocal');
      expect(config.webDist).toBe('/app/web/dist');
      expect(loadGatewayConfig(envOf(withDemo(name), {})).razorpay.simulated).toBe(true);
    }
    // Production without Razorpay's keys stops at start-up, naming them.
    expect(() => loadApiConfig(envOf(services.api1 as Service, { JWT_SECRET: OPERATOR_ENV.JWT_SECRET, POSTGRES_PASSWORD: 'x' }))).toThrow(
      /RAZORPAY/,
    );
    expect(() => loadGatewayConfig(envOf(services.gateway1 as Service, {}))).toThrow(/RAZORPAY_KEY_ID/);
    // And without a mail server (its mail would lie in files for ever).
    const { SMTP_URL: _smtp, ...noMail } = OPERATOR_ENV;
    expect(() => loadApiConfig(envOf(services.api1 as Service, noMail))).toThrow(/SMTP_URL/);
    // And without the seller its tax invoices name.
    const { SELLER_GSTIN: _gstin, ...noSeller } = OPERATOR_ENV;
    expect(() => loadApiConfig(envOf(services.api1 as Service, noSeller))).toThrow(/SELLER_GSTIN/);
  });

  it('needs JWT_SECRET and POSTGRES_PASSWORD, keeps the password out of the URL, and gives each service only the secrets it reads', () => {
    const raw = readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8');
    expect(raw).toMatch(/JWT_SECRET: \$\{JWT_SECRET:\?[^}]+\}/);
    expect(raw).toMatch(/POSTGRES_PASSWORD: \$\{POSTGRES_PASSWORD:\?[^}]+\}/);
    expect(raw).toMatch(/PGPASSWORD: \$\{POSTGRES_PASSWORD:\?[^}]+\}/);
    expect(raw).not.toMatch(/POSTGRES_PASSWORD:-/);
    for (const name of ['api1', 'api2']) {
      const env = envOf(services[name] as Service);
      expect(env.PGPASSWORD).toBe(OPERATOR_ENV.POSTGRES_PASSWORD);
      expect(env.DATABASE_URL).not.toContain(OPERATOR_ENV.POSTGRES_PASSWORD);
    }
    for (const name of ['gateway1', 'gateway2']) {
      const env = services[name]?.environment ?? {};
      for (const secret of SECRETS) expect(env[secret], `${name} ${secret}`).toBeUndefined();
    }
    const simulator = demo.services.simulator?.environment ?? {};
    for (const secret of [...SECRETS, 'RAZORPAY_KEY_ID']) expect(simulator[secret], `simulator ${secret}`).toBeUndefined();
  });
});

describe('.env.example', () => {
  const example = readFileSync(path.join(ROOT, '.env.example'), 'utf8');
  const values = Object.fromEntries(
    example
      .split('\n')
      .filter((l) => /^\w+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );

  it('holds no working secret, and says how to make one', () => {
    for (const name of ['JWT_SECRET', 'POSTGRES_PASSWORD', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'])
      expect(values[name], name).toBe('');
    expect(example).toMatch(/randomBytes\(48\)/);
  });
});

describe('Dockerfile', () => {
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it('builds in one stage and runs from a second, slim, as the non-root node user with a health check', () => {
    expect(stages).toHaveLength(2);
    const runtime = stages[1] as string;
    // The Node CI tests on (.nvmrc, put first on the PATH by .ci/run), pinned, in both stages.
    const node = readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim();
    expect(node).toMatch(/^(2[4-9]|[3-9]\d)\.\d+\.\d+$/);
    expect(stages[0]).toMatch(new RegExp(`^node:${node}-bookworm-slim AS build`));
    expect(runtime).toMatch(new RegExp(`^node:${node}-bookworm-slim AS runtime`));
    const lines = runtime.split('\n').map((l) => l.trim());
    const userAt = lines.findIndex((l) => l === 'USER node');
    expect(userAt).toBeGreaterThan(0);
    expect(lines.slice(userAt).some((l) => /^(COPY|RUN|ADD) /.test(l))).toBe(false);
    expect(runtime).toMatch(/^HEALTHCHECK .*CMD \["node", "deploy\/healthcheck\.mjs"\]$/m);
    // The image's default command is the gateway's, with the arguments npm start gives it, and the same malloc settings.
    const cmd = runtime.match(/^CMD (\[.*\])$/m)?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...serviceArgs('gateway').slice(0, -1), 'gateway/dist/server.js']);
    expect(runtime).toContain(`GLIBC_TUNABLES=${MALLOC_TUNABLES}`);
    expect(dockerfile).not.toMatch(/^ADD https?:/m);
  });

  it('copies only paths that exist once the shop is built', () => {
    const copied = [...dockerfile.matchAll(/^COPY (?:--from=build )?(?:--chown=\S+ )?(\S+) /gm)].map((m) =>
      (m[1] as string).replace(/^\/app\//, ''),
    );
    expect(copied.length).toBeGreaterThan(10);
    for (const p of copied) if (p !== '.') expect(existsSync(path.join(ROOT, p)), p).toBe(true);
  });

  // npm ci in the build stage needs every workspace's package.json, or the lock file and the tree disagree.
  it("copies every workspace's package.json before npm ci", () => {
    const { workspaces } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    const build = stages[0] as string;
    const ci = build.indexOf('RUN npm ci');
    for (const ws of workspaces) {
      const at = build.indexOf(`COPY ${ws}/package.json ${ws}/`);
      expect(at, ws).toBeGreaterThan(0);
      expect(at, ws).toBeLessThan(ci);
    }
  });
});

describe('deploy/nginx.conf', () => {
  it('balances over both gateways and names the client to them', () => {
    expect(nginx).toMatch(/server gateway1:4000 .*resolve/);
    expect(nginx).toMatch(/server gateway2:4000 .*resolve/);
    // Containers that restart get new addresses: nginx asks Docker's DNS again.
    expect(nginx).toMatch(/resolver 127\.0\.0\.11 valid=\d+s/);
    // A caller's well-formed X-Request-Id is kept; otherwise nginx makes one.
    expect(nginx).toMatch(/proxy_set_header X-Request-Id \$digitic_request_id;/);
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(nginx).toMatch(/location = \/metrics \{\s*return 404;/);
  });
});

const docker = spawnSync('docker', ['info'], { encoding: 'utf8' });
describe.runIf(docker.status === 0)('with a Docker daemon', () => {
  it('docker compose config accepts the file', () => {
    const run = spawnSync('docker', ['compose', 'config', '-q'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...OPERATOR_ENV } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
