import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/**
 * The first half of a graceful stop, for the api and the gateway alike: take no new connections,
 * let the requests in flight finish (closing each keep-alive connection as soon as it is idle), and
 * after `timeoutMs` close whatever is still open. Resolves when the server is closed.
 *
 * With `noticeMs`, when keep-alive connections are open (a proxy in front keeps a pool of them), the
 * server first goes on answering for that long, each answer with `Connection: close`: the proxy takes
 * it as that connection's last answer and opens a new one for its next request, which, once the
 * server stops listening, is refused and goes to another instance. Without the notice a proxy may
 * send a request on a connection at the instant the server closes it as idle; nginx does not retry
 * a POST that may have been sent, and the client gets a 502 (tests/resilience/nginx.test.ts caught it).
 */
export async function drainServer(server: Server, timeoutMs: number, logger: Logger, options: { noticeMs?: number } = {}): Promise<void> {
  const noticeMs = options.noticeMs ?? 0;
  if (noticeMs > 0 && (await openConnections(server)) > 0) {
    server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
      if (!res.headersSent) res.setHeader('Connection', 'close');
    });
    logger.info({ noticeMs }, 'stopping: answering with Connection: close before closing the connections');
    await new Promise((resolve) => setTimeout(resolve, noticeMs));
  }
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

function openConnections(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((err, count) => resolve(err ? 0 : count)));
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
