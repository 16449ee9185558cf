import { timingSafeEqual } from 'node:crypto';
import express, { type Request, Router } from 'express';
import { type CommandDeps, isCommand, runCommand } from '../cli/commands.js';
import { notFound, unauthorized } from '../http/errors.js';

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * POST /api/internal/commands/:name: the data commands run by the process that owns the embedded
 * database, for a command line that found it held. Behind the internal token (a file of mode 0600
 * in the data folder, or INTERNAL_TOKEN); absent when there is no token (PostgreSQL takes commands directly).
 */
export function internalRoutes(token: string | undefined, backup: (() => Promise<Uint8Array>) | null, deps: () => CommandDeps): Router {
  const router = Router();
  if (!token) return router;
  const allowed = (req: Request) => {
    const given = req.get('authorization')?.replace(/^Bearer /, '') ?? '';
    if (!same(given, token)) throw unauthorized('The internal token is missing or wrong');
  };
  // GET /api/internal/backup: the embedded database's files (tar.gz), taken by the process that owns them.
  router.get('/internal/backup', async (req, res) => {
    allowed(req);
    if (!backup) throw notFound('This api keeps no embedded database to back up');
    const archive = await backup();
    res.set({ 'Content-Type': 'application/gzip', 'Cache-Control': 'no-store' }).send(Buffer.from(archive));
  });
  router.post('/internal/commands/:name', express.json({ limit: '20mb' }), async (req, res) => {
    allowed(req);
    const name = String(req.params.name);
    if (!isCommand(name)) throw notFound(`No command ${name}`);
    const lines: { stream: 'out' | 'err'; text: string }[] = [];
    const exitCode = await runCommand(name, deps(), req.body, {
      out: (text) => lines.push({ stream: 'out', text }),
      err: (text) => lines.push({ stream: 'err', text }),
    });
    res.json({ exitCode, lines });
  });
  return router;
}
