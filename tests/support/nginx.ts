import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * nginx in front of the gateways, as production runs it (compose.yaml): the server block of
 * deploy/nginx.conf as it is, with only what names Docker's network changed by a small template step
 * (`render`): the upstream's servers point at the local gateways, nginx listens on a local port, and
 * Docker's DNS resolver goes (the local addresses are IP literals, nothing to re-resolve; Debian's
 * nginx 1.22 also lacks the upstream `resolve` parameter, which came in 1.27.3). Wrapped in the few
 * top-level lines a configuration file of nginx's own needs (events, http, where it keeps its files).
 */

export const NGINX_CONF = path.resolve(import.meta.dirname, '../../deploy/nginx.conf');

/** The nginx binary: $NGINX, else Debian's, else the PATH's; null when there is none. */
export function findNginx(): string | null {
  const candidates = [process.env.NGINX, '/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** Says how to get nginx when there is none. */
export function requireNginx(): string {
  const bin = findNginx();
  if (!bin) {
    throw new Error(
      'nginx is needed here (it is what stands in front of the gateways in production): install it (Debian: apt-get install nginx; .ci/run does) or set NGINX to its path',
    );
  }
  return bin;
}

export interface RenderOptions {
  /** Where nginx listens ("127.0.0.1:4000"). */
  listen: string;
  /** The gateways ("127.0.0.1:5005", …). */
  gateways: string[];
}

/**
 * deploy/nginx.conf for local gateways: every `server <name>:<port> … resolve;` line of the gateways'
 * upstream becomes one line per local gateway with the same parameters but `resolve`; the `resolver`
 * line goes; `listen 80` becomes the local address. Throws when the file no longer has what it changes.
 */
export function render(conf: string, options: RenderOptions): string {
  const serverLine = /^(\s*)server\s+gateway\d+:\d+((?:\s+[^;\s]+)*)\s*;\s*$/;
  let replaced = false;
  const lines = conf.split('\n').flatMap((line) => {
    const m = serverLine.exec(line);
    if (!m) return [line];
    if (replaced) return [];
    replaced = true;
    // The first gateway line becomes one line per local gateway, with its parameters but resolve.
    const params = (m[2] ?? '')
      .trim()
      .split(/\s+/)
      .filter((p) => p && p !== 'resolve');
    return options.gateways.map((g) => `${m[1] ?? ''}server ${g}${params.length ? ` ${params.join(' ')}` : ''};`);
  });
  if (!replaced) throw new Error(`${NGINX_CONF}: no "server gatewayN:port …;" line in the upstream to point at the local gateways`);
  let out = lines.join('\n');
  const resolver = /^\s*resolver\s[^;]*;\s*\n/m;
  if (!resolver.test(out)) throw new Error(`${NGINX_CONF}: no resolver line (Docker's DNS) where one was expected`);
  out = out.replace(resolver, '');
  const listen = /^(\s*)listen\s+80\s*;/m;
  if (!listen.test(out)) throw new Error(`${NGINX_CONF}: no "listen 80;" to point at ${options.listen}`);
  return out.replace(listen, `$1listen ${options.listen};`);
}

/** A whole nginx.conf around the server block: one worker, every file of nginx's in `prefix`. */
export function wrap(serverBlock: string, prefix: string): string {
  return [
    'worker_processes 1;',
    `pid ${path.join(prefix, 'nginx.pid')};`,
    'error_log stderr warn;',
    'daemon off;',
    // nginx started as root runs its worker as nobody; the folders below are open to it.
    ...(process.getuid?.() === 0 ? [`user nobody ${/^nogroup:/m.test(readFileSync('/etc/group', 'utf8')) ? 'nogroup' : 'nobody'};`] : []),
    'events { worker_connections 1024; }',
    'http {',
    '    access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${path.join(prefix, `${t}_temp`)};`),
    serverBlock
      .split('\n')
      .map((l) => (l ? `    ${l}` : l))
      .join('\n'),
    '}',
    '',
  ].join('\n');
}

async function listening(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export class Nginx {
  private constructor(
    private readonly child: ChildProcess,
    private readonly prefix: string,
    readonly url: string,
    readonly output: string[],
  ) {}

  /** Starts nginx on host:port in front of `gateways` ("http://127.0.0.1:5005", …); resolves once it listens. */
  static async start(port: number, gateways: string[], host = '127.0.0.1'): Promise<Nginx> {
    const bin = requireNginx();
    const prefix = mkdtempSync(path.join(tmpdir(), 'digitic-nginx-'));
    chmodSync(prefix, 0o755);
    for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      mkdirSync(path.join(prefix, `${t}_temp`));
      chmodSync(path.join(prefix, `${t}_temp`), 0o777);
    }
    const conf = wrap(
      render(readFileSync(NGINX_CONF, 'utf8'), {
        listen: `${host}:${port}`,
        gateways: gateways.map((g) => new URL(g).host),
      }),
      prefix,
    );
    const file = path.join(prefix, 'nginx.conf');
    writeFileSync(file, conf);
    const output: string[] = [];
    // -e: nginx's own early messages go to stderr too, not to a log file it may not be able to open.
    const child = spawn(bin, ['-p', prefix, '-c', file, '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (c: Buffer) => {
      output.push(c.toString());
      if (output.length > 200) output.splice(0, output.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const until = Date.now() + 15_000;
    while (!(await listening(port, host === '0.0.0.0' ? '127.0.0.1' : host))) {
      if (child.exitCode !== null || Date.now() > until) {
        child.kill('SIGKILL');
        rmSync(prefix, { recursive: true, force: true });
        throw new Error(`nginx did not start on ${host}:${port}:\n${output.join('')}\n--- its configuration:\n${conf}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    return new Nginx(child, prefix, `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`, output);
  }

  /** Stops nginx (fast shutdown) and removes its files. */
  async close(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((r) => this.child.once('exit', r));
      this.child.kill('SIGTERM');
      const force = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(force);
    }
    rmSync(this.prefix, { recursive: true, force: true });
  }
}
