import type { AddressInfo } from 'node:net';
import { createGateway } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exit(1);
}

const gateway = await createGateway(config);
const listener = gateway.app.listen(config.port, config.host, () => {
  const { port } = listener.address() as AddressInfo;
  if (config.webDist) console.log(`[gateway] the shop is at http://localhost:${port}`);
  console.log(`[gateway] GraphQL at http://localhost:${port}/graphql${config.production ? '' : ' (Apollo Sandbox in a browser)'}`);
});
listener.on('error', (err) => {
  console.error(`[gateway] could not listen on ${config.host}:${config.port}: ${err.message}`);
  process.exit(1);
});
process.on('unhandledRejection', (reason) => console.error('[gateway] unhandled rejection', reason));

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  listener.closeIdleConnections();
  listener.close();
  await gateway.stop().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
