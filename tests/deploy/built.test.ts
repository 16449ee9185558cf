import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT, missingBuild } from '../../scripts/built.mjs';
import { ROOT } from '../support/stack';

// Regression: payments:settle, catalogue:import, load and test:performance failed with a raw ENOENT
// on a tree that was not built.
describe('commands that run the built shop', () => {
  it('find every part built here (npm test builds first)', () => {
    expect(missingBuild()).toEqual([]);
    expect(Object.keys(BUILT).sort()).toEqual(['admin', 'api', 'gateway', 'payment-simulator', 'web']);
  });

  it('say what is missing and what to run, and exit 1', () => {
    const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/built.mjs'), 'api', 'backoffice'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('This runs the built shop, and (no part named backoffice) is missing: run npm run build first');
  });

  it('are guarded: the api commands, the performance checks and every stack the load run and benches start', () => {
    const api = spawnSync('npm', ['pkg', 'get', 'scripts', '-w', '@digitic/api'], { cwd: ROOT, encoding: 'utf8' }).stdout;
    for (const command of ['payments:settle', 'payments:reconcile', 'catalogue:import', 'staff:invite']) {
      expect(api).toMatch(new RegExp(`"${command}": "node ../scripts/built.mjs api && `));
    }
    const root = spawnSync('npm', ['pkg', 'get', 'scripts.test:performance'], { cwd: ROOT, encoding: 'utf8' }).stdout;
    expect(root).toMatch(/^"node scripts\/built.mjs && /);
  });
});
