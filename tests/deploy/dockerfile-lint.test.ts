import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/stack';

// The Dockerfile against a kept-up linter's rules (dockerlinter, hadolint's rules in Node: pinned
// base images, no ADD for files, apt lists removed, WORKDIR not cd, an unprivileged USER, …), every
// level, info included. Its ShellCheck pass is off: the package fetches ShellCheck from GitHub when it
// installs, which package.json denies (allowScripts) and an offline machine could not do.

interface Finding {
  lineNumber: number;
  message: string;
  level: string;
  code: string;
}

const linter = path.join(path.dirname(createRequire(import.meta.url).resolve('dockerlinter/package.json')), 'bin/dockerfilelinter.js');
const scratch = mkdtempSync(path.join(tmpdir(), 'digitic-dockerlint-'));

async function lint(file: string): Promise<Finding[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [linter, '-f', file, '-s', 'none', '-j'], { cwd: ROOT });
  return stdout.trim() ? (JSON.parse(stdout) as Finding[]) : [];
}

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the Dockerfile, linted', () => {
  it('has no finding at any level', async () => {
    const findings = await lint(path.join(ROOT, 'Dockerfile'));
    expect(findings.map((f) => `line ${f.lineNumber}: ${f.code} ${f.message}`)).toEqual([]);
  });

  it('would be caught with an unpinned base image or a careless apt-get', async () => {
    const ours = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const worse = ours
      .replace(/^FROM node:[^\s]+/m, 'FROM node:latest')
      .replace(/^(USER node)$/m, '$1\nRUN apt-get install curl\nADD package.json /tmp/');
    const file = path.join(scratch, 'Dockerfile');
    writeFileSync(file, worse);
    const codes = new Set((await lint(file)).map((f) => f.code));
    for (const code of ['EF0003', 'ER0009', 'ER0012', 'EA0002']) expect(codes).toContain(code);
  });
});
