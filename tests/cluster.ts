// npm run start:cluster: the shop as 2 apis and 2 gateways (plain processes, no Docker) on the
// PostgreSQL of DATABASE_URL and the Redis of REDIS_URL, behind nginx at http://localhost:PORT (4000)
// with the server block of deploy/nginx.conf, as compose.yaml runs it (tests/support/nginx.ts points its
// upstream at the local gateways), with the payment simulator. Ctrl-C stops everything.
// APIS and GATEWAYS change the counts. The load run (tests/load/shoppers.ts) and the multi-instance
// tests (tests/resilience/cluster.test.ts) start the same processes through tests/support/stack.ts.
import path from 'node:path';
import { findNginx } from './support/nginx';
import { ROOT, startStack } from './support/stack';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('start:cluster needs DATABASE_URL (postgres://…): the apis share one PostgreSQL.');
  process.exit(2);
}
if (!findNginx()) {
  console.error(
    'start:cluster puts nginx in front of the gateways, as production does: install it (Debian: apt-get install nginx) or set NGINX to its path.',
  );
  process.exit(2);
}
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('REDIS_URL is not set: each gateway keeps its own response cache and sign-in limits.');
const port = Number(process.env.PORT ?? 4000);
const apis = Number(process.env.APIS ?? 2);
const gateways = Number(process.env.GATEWAYS ?? 2);
for (const [name, n] of Object.entries({ PORT: port, APIS: apis, GATEWAYS: gateways })) {
  if (!Number.isInteger(n) || n < 1) {
    console.error(`${name} must be a whole number from 1, got "${process.env[name]}"`);
    process.exit(2);
  }
}

const stack = await startStack({
  basePort: Number(process.env.CLUSTER_BASE_PORT ?? 4100),
  apis,
  gateways,
  databaseUrl,
  redisUrl,
  web: true,
  dataDir: path.resolve(ROOT, process.env.DATA_DIR ?? '.data/cluster'),
  nginxPort: port,
  nginxHost: process.env.HOST ?? '0.0.0.0',
  env: { LOG_SILENT: '0', LOG_FORMAT: 'json', ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}) },
  printOutput: true,
});
console.log(
  `The shop is at ${stack.url} (nginx in front of ${gateways} gateways: ${stack.shops.join(', ')}; ${apis} apis: ${stack.apis.join(', ')})`,
);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('Stopping the cluster…');
  await stack.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
