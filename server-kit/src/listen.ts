import { createServer, type RequestListener, type Server } from 'node:http';

/** Why a server could not listen, in words that say what to do (a port in use, a port it may not take). */
export function listenFailure(err: NodeJS.ErrnoException, host: string, port: number, portSetting: string): Error {
  if (err.code === 'EADDRINUSE') {
    return new Error(`port ${port} on ${host} is taken by another process: stop that process, or set ${portSetting} to a free port`);
  }
  if (err.code === 'EACCES') return new Error(`may not listen on ${host}:${port}: set ${portSetting} to a port above 1023`);
  if (err.code === 'EADDRNOTAVAIL') return new Error(`${host} is not an address of this machine: check the host setting`);
  return new Error(`could not listen on ${host}:${port}: ${err.message}`);
}

/**
 * Serves `handler` on host:port once the port is held; rejects with listenFailure's words when it cannot be
 * (Express 5's own listen hands the error to its callback, where a server without an address broke later).
 */
export function listen(handler: RequestListener, port: number, host: string, portSetting: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    const failed = (err: NodeJS.ErrnoException) => reject(listenFailure(err, host, port, portSetting));
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve(server);
    });
  });
}
