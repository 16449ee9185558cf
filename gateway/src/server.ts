import type { AddressInfo } from 'node:net';
import { createLogger, drainServer, keepIdleConnections, listen } from '@digitic/server-kit';
import express from 'express';
import { createGateway } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { pageSecurityHeaders } from './web/security-headers.js';
import { startingGate } from './web/starting.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exit(1);
}

const logger = createLogger('gateway', config.nodeEnv);
let stopping = false;
const gateway = await createGateway(config, { logger });
/** Whether the api has answered once: till then a page asked for is a plain "starting" page (web/starting.ts). */
let shopReady = false;
const readyUrls = config.shopApiUrls.map((url) => new URL('ready', url.replace(/\/?$/, '/')));
/** Whether any of its apis answers ready now (one that is down fails none of the shop's requests). */
function apiAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    let left = readyUrls.length;
    for (const ready of readyUrls)
      void fetch(ready, { signal: AbortSignal.timeout(2_000) })
        .then(
          (res) => res.ok,
          () => false,
        )
        .then((ok) => {
          if (ok) resolve(true);
          else if (--left === 0) resolve(false);
        });
  });
}
/**
 * The shop is ready when an api of its answers: a page rendered before then would be the bare app (an api seeding a
 * fresh database listens only once it is done), so until then a page asked for is the plain "starting" page that
 * reloads itself (startingGate). Says where the shop is then.
 */
async function announceWhenReady(port: number) {
  const started = Date.now();
  let said = false;
  while (!stopping) {
    const answered = await apiAnswers();
    if (answered) break;
    if (!said && Date.now() - started > 3_000) {
      logger.info(`waiting for the api at ${config.shopApiUrls.join(', ')}`);
      said = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (stopping) return;
  shopReady = true;
  if (config.webDist) logger.info(`the shop is at http://localhost:${port}`);
  logger.info(`GraphQL at http://localhost:${port}/graphql${config.production ? '' : ' (Apollo Sandbox in a browser)'}`);
  if (config.explorerDist) logger.info(`GraphiQL, which works offline, at http://localhost:${port}/graphiql/`);
}

const front = express();
front.disable('x-powered-by');
// Asked again at each page request while not yet ready, so a page right after the api's start is the shop's.
front.use(startingGate(async () => shopReady || (shopReady = await apiAnswers()), pageSecurityHeaders(config)));
front.use(gateway.app);
const listener = await listen(front, config.port, config.host, 'PORT').catch((err: Error) => {
  logger.fatal(err.message);
  process.exit(1);
});
keepIdleConnections(listener);
void announceWhenReady((listener.address() as AddressInfo).port);
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));

/**
 * How long a stopping gateway with open keep-alive connections goes on answering, each answer closing
 * its connection, before it stops listening: long enough for nginx (or any proxy with a connection
 * pool) to have used and let go of the connections it keeps (server-kit's drainServer).
 */
const CLOSE_NOTICE_MS = 2_000;

/**
 * Graceful stop: readiness turns 503, for CLOSE_NOTICE_MS the answers close their connections, then no
 * new connections are taken, the requests in flight finish (for at most SHUTDOWN_TIMEOUT_MS), then
 * Apollo, the Redis connections and the process stop.
 */
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  gateway.drain();
  logger.info({ signal }, 'stopping: finishing the requests in flight');
  await drainServer(listener, config.shutdownTimeoutMs, logger, { noticeMs: CLOSE_NOTICE_MS });
  await gateway.stop().catch(() => {});
  logger.info('stopped');
  logger.flush();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
