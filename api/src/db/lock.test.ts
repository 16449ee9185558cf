import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { heldMessage, LockHeld, lockDataDir, readLock } from './lock.js';

const dir = mkdtempSync(path.join(tmpdir(), 'digitic-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const lockOf = (name: string, pid: number) =>
  writeFileSync(
    `${path.join(dir, name)}.lock`,
    JSON.stringify({ pid, host: hostname(), holder: 'api', startedAt: '2026-01-01T00:00:00.000Z' }),
  );

describe('the embedded database lock', () => {
  it('is taken, refused to a live holder with a message naming it, and released', async () => {
    const db = path.join(dir, 'a');
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      lockOf('a', child.pid as number);
      let held: unknown;
      try {
        lockDataDir(db, 'catalogue:import');
      } catch (err) {
        held = err;
      }
      expect(held).toBeInstanceOf(LockHeld);
      expect(heldMessage(held as LockHeld, db)).toContain(`is in use by a running shop api (pid ${child.pid}`);
    } finally {
      child.kill();
      await new Promise((r) => child.once('exit', r));
    }
    // Its holder is gone: the lock is taken over.
    const lock = lockDataDir(db, 'payments:reconcile');
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid, holder: 'payments:reconcile' });
    lock.update('http://127.0.0.1:4001');
    expect(readLock(lock.file)).toBeNull(); // our own lock is not "held by another"
    lock.release();
    expect(() => readFileSync(lock.file)).toThrow();
  });

  it("takes over a lock bearing this process's pid, left by a previous run (a container restarted as pid 1)", () => {
    lockOf('b', process.pid);
    const lock = lockDataDir(path.join(dir, 'b'), 'api');
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ holder: 'api' });
    lock.release();
  });
});
