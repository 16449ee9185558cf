import http from 'node:http';
import type { Socket } from 'node:net';

/** How the proxy treats the next requests. */
export type Fault =
  | { kind: 'pass' }
  /** Holds every request this long before passing it on. */
  | { kind: 'slow'; ms: number }
  /** Answers every request with a 500 of its own. */
  | { kind: 'error'; status: number }
  /** Drops every connection at once (as a crashed or unplugged service would). */
  | { kind: 'down' };

/**
 * A reverse proxy on loopback between two of the shop's services, to stage what goes wrong on the
 * wire between them: a slow answer, an error, a dropped connection. Counts what passed through.
 */
export class FaultProxy {
  fault: Fault = { kind: 'pass' };
  requests = 0;
  /** The path and query of every request that passed through, in order (what a test counts can leave some out). */
  readonly paths: string[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
    private readonly target: URL,
  ) {}

  static async start(port: number, target: string): Promise<FaultProxy> {
    let proxy: FaultProxy | null = null;
    const server = http.createServer((req, res) => proxy?.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    proxy = new FaultProxy(server, `http://127.0.0.1:${port}`, new URL(target));
    const p = proxy;
    server.on('connection', (socket) => {
      p.sockets.add(socket);
      socket.on('close', () => p.sockets.delete(socket));
    });
    return proxy;
  }

  set(fault: Fault): void {
    this.fault = fault;
    if (fault.kind === 'down') for (const s of this.sockets) s.destroy();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    this.requests += 1;
    this.paths.push(req.url ?? '');
    const fault = this.fault;
    if (fault.kind === 'down') {
      req.socket.destroy();
      return;
    }
    if (fault.kind === 'error') {
      res.writeHead(fault.status, { 'Content-Type': 'text/html' });
      res.end('<html><body>Internal proxy failure: at Object.<anonymous> (/srv/secret/path.js:1:1)</body></html>');
      return;
    }
    if (fault.kind === 'slow') await new Promise((r) => setTimeout(r, fault.ms));
    if (res.destroyed) return;
    const upstream = http.request(
      {
        host: this.target.hostname,
        port: this.target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: this.agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    // The service behind is gone: the caller sees its connection drop, as it would without the proxy.
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.agent.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
