import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { privateDataDir } from './data-dir.js';

// Regression: .data/ was 0755 and the embedded database's files (WAL included, password hashes beside
// e-mails) readable and mostly writable by any local user; the outbox's reset links were 0644.

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});
const modeOf = (p: string) => statSync(p).mode & 0o777;

function everything(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => path.join(dir, p));
}

describe('the data folder', () => {
  it('narrows an existing folder open to others: folders 0700, files 0600, however deep and whatever their modes', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'digitic-modes-'));
    made.push(root);
    const dir = path.join(root, '.data');
    mkdirSync(path.join(dir, 'pglite', 'base', '1'), { recursive: true, mode: 0o777 });
    mkdirSync(path.join(dir, 'outbox'), { mode: 0o755 });
    writeFileSync(path.join(dir, 'pglite', 'base', '1', '1259'), 'x', { mode: 0o666 });
    writeFileSync(path.join(dir, 'pglite', 'pg_wal'), 'x', { mode: 0o644 });
    writeFileSync(path.join(dir, 'outbox', 'reset.json'), 'link', { mode: 0o604 });
    writeFileSync(path.join(dir, 'jwt-secret'), 's', { mode: 0o640 });
    for (const p of [dir, path.join(dir, 'pglite'), path.join(dir, 'pglite', 'base')]) chmodSync(p, 0o755);
    const outside = path.join(root, 'outside');
    writeFileSync(outside, 'not ours', { mode: 0o644 });
    symlinkSync(outside, path.join(dir, 'link'));

    const { narrowed } = privateDataDir(dir);
    expect(narrowed.length).toBeGreaterThanOrEqual(9);
    for (const p of [dir, ...everything(dir)]) {
      if (p.endsWith('link')) continue;
      const st = statSync(p);
      expect(modeOf(p) & 0o077, p).toBe(0);
      expect(modeOf(p), p).toBe(st.isDirectory() ? 0o700 : 0o600);
    }
    // What a link points to outside the folder is left as it is.
    expect(modeOf(outside)).toBe(0o644);
    expect(privateDataDir(dir).narrowed).toEqual([]);
  });

  // Regression (review): a data folder that is itself a link (a mounted volume) was skipped whole.
  it('narrows the folder a link named as the data folder points to', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'digitic-modes-'));
    made.push(root);
    const real = path.join(root, 'volume');
    mkdirSync(real, { mode: 0o755 });
    chmodSync(real, 0o755);
    writeFileSync(path.join(real, 'jwt-secret'), 's', { mode: 0o644 });
    symlinkSync(real, path.join(root, '.data'));
    privateDataDir(path.join(root, '.data'));
    expect(modeOf(real)).toBe(0o700);
    expect(modeOf(path.join(real, 'jwt-secret'))).toBe(0o600);
  });

  it('makes a new folder, and every file the process writes after, its user’s alone', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'digitic-modes-'));
    made.push(root);
    const previous = process.umask();
    try {
      process.umask(0o022);
      const dir = path.join(root, 'new', '.data');
      privateDataDir(dir);
      expect(modeOf(dir)).toBe(0o700);
      writeFileSync(path.join(dir, 'written-later'), 'x');
      mkdirSync(path.join(dir, 'made-later'));
      expect(modeOf(path.join(dir, 'written-later'))).toBe(0o600);
      expect(modeOf(path.join(dir, 'made-later'))).toBe(0o700);
    } finally {
      process.umask(previous);
    }
  });
});
