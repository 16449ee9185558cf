import { chmodSync, lstatSync, mkdirSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * The data folder holds what must stay the service's alone: the embedded database's files (password
 * hashes beside e-mails, its WAL included), the outbox (live password-reset links), the secrets. Every
 * file the process makes from now on is for its own user only (umask 077), and a folder made by an earlier
 * version, or copied in, has its modes narrowed to the owner's (folders 0700, files 0600). Returns what it narrowed.
 */
export function privateDataDir(dir: string): { narrowed: string[] } {
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const narrowed: string[] = [];
  const narrow = (p: string) => {
    let st;
    try {
      st = lstatSync(p);
    } catch (err) {
      // The database removes files as it works: one gone meanwhile needs nothing.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    // A link is followed by nobody here; what it points to is not ours to change.
    if (st.isSymbolicLink()) return;
    // The owner keeps what it has; group and others lose everything.
    if (st.mode & 0o077) {
      chmodSync(p, st.mode & 0o700);
      narrowed.push(path.relative(realpathSync(dir), p) || '.');
    }
    if (st.isDirectory()) for (const name of readdirSync(p)) narrow(path.join(p, name));
  };
  // The folder itself may be a link (a volume mounted elsewhere): what it points to is the folder.
  narrow(realpathSync(dir));
  return { narrowed };
}
