import { closeSync, openSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** Who holds an embedded database directory: a running api (with the address its commands use) or a command. */
export interface LockInfo {
  pid: number;
  host: string;
  /** "api", or the command's name ("catalogue:import", …). */
  holder: string;
  startedAt: string;
  /** Where the running api answers its internal commands (set once it listens). */
  apiUrl?: string;
}

export class LockHeld extends Error {
  constructor(
    readonly file: string,
    readonly info: LockInfo,
  ) {
    super(`${file} is held by ${info.holder} (pid ${info.pid})`);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock's holder when a live process holds it, else null (no lock, or one left by a process that died). */
export function readLock(file: string): LockInfo | null {
  let info: LockInfo;
  try {
    info = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
  // Our own pid in a lock we are only now reading is a previous run's (a container restarted as pid 1, say).
  if (info.host === hostname() && (info.pid === process.pid || !alive(info.pid))) return null;
  return info;
}

export interface DataLock {
  file: string;
  /** Records where the api answers (its commands reach it there). */
  update(apiUrl: string): void;
  release(): void;
}

/**
 * Takes the lock file beside an embedded database directory: one process owns PGlite's files, since
 * a second one opening them would keep its own copy and one of the two would lose its writes.
 * A lock left by a process that has died is taken over; one held by a live process throws LockHeld.
 */
export function lockDataDir(databaseDir: string, holder: string): DataLock {
  const file = `${databaseDir}.lock`;
  const info: LockInfo = { pid: process.pid, host: hostname(), holder, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeFileSync(fd, JSON.stringify(info));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw err;
      const current = readLock(file);
      if (current) throw new LockHeld(file, current);
      try {
        unlinkSync(file); // left by a process that is gone
      } catch {
        // another process removed it first; try again
      }
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      const current = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
      if (current.pid === process.pid) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.once('exit', release);
  return {
    file,
    update(apiUrl) {
      writeFileSync(file, JSON.stringify({ ...info, apiUrl }), { mode: 0o600 });
    },
    release,
  };
}

/** How to say who holds the database, and what to do about it. */
export function heldMessage(held: LockHeld, databaseDir: string): string {
  const who = held.info.holder === 'api' ? 'a running shop api' : `the command ${held.info.holder}`;
  return (
    `The embedded database at ${databaseDir} is in use by ${who} (pid ${held.info.pid}, since ${held.info.startedAt}).\n` +
    'One process owns PGlite files at a time. Stop that process first, or give this one its own DATA_DIR; ' +
    'to run several apis on one database, use PostgreSQL (DATABASE_URL).'
  );
}
