import { bearerToken, sameSecret } from '@digitic/server-kit';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { type CommandDeps, isCommand, runCommand } from '../cli/commands.js';
import { notFound, unauthorized } from '../domain/errors.js';

/**
 * POST /api/internal/commands/:name: the data commands run by the process that owns the embedded
 * database, for a command line that found it held. Behind the internal token (a file of mode 0600
 * in the data folder, or INTERNAL_TOKEN); absent when there is no token (PostgreSQL takes commands directly).
 */
export function internalRoutes(token: string | undefined, backup: (() => Promise<Uint8Array>) | null, deps: CommandDeps): Router {
  const router = Router();
  if (!token) {
    // No internal routes, and nothing read for a path under them either.
    router.use('/internal', () => {
      throw notFound('No internal routes on this api (it has no internal token)');
    });
    return router;
  }
  // Checked before anything else is read: a caller without the token costs no body parsing (a 15 MB
  // import was parsed before it was refused).

  /** Commands carry files (a catalogue; photos for photos:add, as base64: about 110 MB of photos at once). */
  const INTERNAL_BODY_LIMIT = '160mb';
  const allowed = (req: Request, _res: Response, next: NextFunction) => {
    if (!sameSecret(bearerToken(req.get('authorization')), token)) throw unauthorized('The internal token is missing or wrong');
    next();
  };
  router.use('/internal', allowed);
  // GET /api/internal/backup: the embedded database's files (tar.gz), taken by the process that owns them.
  router.get('/internal/backup', async (_req, res) => {
    if (!backup) throw notFound('This api keeps no embedded database to back up');
    const archive = await backup();
    res.set({ 'Content-Type': 'application/gzip', 'Cache-Control': 'no-store' }).send(Buffer.from(archive));
  });
  router.post('/internal/commands/:name', express.json({ limit: INTERNAL_BODY_LIMIT }), async (req, res) => {
    const name = String(req.params.name);
    if (!isCommand(name)) throw notFound(`No command ${name}`);
    const lines: { stream: 'out' | 'err'; text: string }[] = [];
    const exitCode = await runCommand(name, deps, req.body, {
      out: (text) => lines.push({ stream: 'out', text }),
      err: (text) => lines.push({ stream: 'err', text }),
    });
    res.json({ exitCode, lines });
  });
  return router;
}
