import http from 'node:http';

/**
 * A round-robin HTTP balancer on one port in front of several gateways (what nginx does in
 * compose.yaml): a gateway that refuses the connection is skipped and the next one tried.
 */
export class Balancer {
  private next = 0;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
    private readonly targets: URL[],
  ) {}

  static async start(port: number, targets: string[], host = '127.0.0.1'): Promise<Balancer> {
    let balancer: Balancer | null = null;
    const server = http.createServer((req, res) => balancer?.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    balancer = new Balancer(
      server,
      `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
      targets.map((t) => new URL(t)),
    );
    return balancer;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    // The body is read first (the gateways take at most 100 KB), so a refused gateway can be retried.
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 1024 * 1024) {
        res.writeHead(413).end();
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => this.forward(req, res, Buffer.concat(chunks), 0));
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, tried: number) {
    const target = this.targets[this.next++ % this.targets.length] as URL;
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
        agent: this.agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      // Only a refused connection is retried: the request never reached that gateway.
      if (err.code === 'ECONNREFUSED' && tried + 1 < this.targets.length && !res.headersSent) {
        this.forward(req, res, body, tried + 1);
        return;
      }
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: 'No gateway answered', code: 'BAD_GATEWAY' }));
    });
    upstream.end(body);
  }

  async close(): Promise<void> {
    this.agent.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
