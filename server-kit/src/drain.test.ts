import http, { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { drainServer } from './drain.js';

const quiet = pino({ level: 'silent' });

async function serve() {
  const server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

function get(port: number, agent: http.Agent): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      })
      .on('error', reject);
  });
}

describe('drainServer', () => {
  it('with open keep-alive connections, answers for the notice with Connection: close, then stops listening', async () => {
    const { server, port } = await serve();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, agent)).connection).toBe('keep-alive');
    const started = Date.now();
    const drained = drainServer(server, 5_000, quiet, { noticeMs: 300 });
    await new Promise((r) => setTimeout(r, 50));
    // Still answering during the notice, and telling the caller this connection ends with the answer.
    expect(await get(port, agent)).toEqual({ status: 200, connection: 'close' });
    await drained;
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await expect(get(port, new http.Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    agent.destroy();
  });

  it('without open connections, gives no notice', async () => {
    const { server, port } = await serve();
    const said: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => said.push(line) });
    await drainServer(server, 5_000, logger, { noticeMs: 60_000 });
    expect(said.join('')).not.toContain('Connection: close');
    await expect(get(port, new http.Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
