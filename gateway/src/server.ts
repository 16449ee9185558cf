import type { AddressInfo } from 'node:net';
import { createLogger, drainServer } from '@digitic/server-kit';
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
  await drainServer(listener, config.shutdownTimeoutMs, logger);
  await gateway.stop().catch(() => {});
  logger.info('stopped');
  logger.flush();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
