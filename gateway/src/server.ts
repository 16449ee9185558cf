import type { AddressInfo } from 'node:net';
import { createLogger } from '@digitic/api/observability';
import { createGateway } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exit(1);
}

const logger = createLogger('gateway', config.nodeEnv);
const gateway = await createGateway(config, { logger });
const listener = gateway.app.listen(config.port, config.host, () => {
  const { port } = listener.address() as AddressInfo;
  if (config.webDist) logger.info(`the shop is at http://localhost:${port}`);
  logger.info(`GraphQL at http://localhost:${port}/graphql${config.production ? '' : ' (Apollo Sandbox in a browser)'}`);
});
listener.on('error', (err) => {
  logger.fatal(`could not listen on ${config.host}:${config.port}: ${err.message}`);
  process.exit(1);
});
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));

/**
 * Graceful stop: readiness turns 503, no new connections are taken, the requests in flight finish
 * (for at most SHUTDOWN_TIMEOUT_MS), then Apollo, the Redis connections and the process stop.
 */
let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  gateway.drain();
  logger.info({ signal }, 'stopping: finishing the requests in flight');
  const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
  // A keep-alive connection becomes idle once its last answer is sent: close each as soon as it does.
  const sweep = setInterval(() => listener.closeIdleConnections(), 50);
  listener.closeIdleConnections();
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), config.shutdownTimeoutMs).unref());
  if ((await Promise.race([closed, timeout])) === 'timeout') {
    logger.warn('stopping: requests still in flight after the shutdown timeout; closing them');
    listener.closeAllConnections();
  }
  clearInterval(sweep);
  await gateway.stop().catch(() => {});
  logger.info('stopped');
  logger.flush();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
