import type { Server } from 'node:http';
import type { Logger } from 'pino';

/**
 * The first half of a graceful stop, for the api and the gateway alike: take no new connections,
 * let the requests in flight finish (closing each keep-alive connection as soon as it is idle), and
 * after `timeoutMs` close whatever is still open. Resolves when the server is closed.
 */
export async function drainServer(server: Server, timeoutMs: number, logger: Logger): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  server.closeIdleConnections();
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs).unref());
  if ((await Promise.race([closed, timeout])) === 'timeout') {
    logger.warn('stopping: requests still in flight after the shutdown timeout; closing them');
    server.closeAllConnections();
  }
  clearInterval(sweep);
}

/**
 * Idle keep-alive connections outlive those of the clients and proxies in front (Node's agents keep
 * theirs 5 s, the server default too; nginx its upstream ones 60 s): otherwise a request sent on a
 * connection the server is closing at that instant is reset.
 */
export function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}
