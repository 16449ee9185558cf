#!/usr/bin/env node
// `npm test`: the codegen, then every workspace's own `test`, one after the other in the order package.json lists
// them, each printed as it runs. A failing workspace does not stop the others. The last lines name each
// workspace's time and, for one that failed, the failing tests and their first error lines: a log read from
// its tail (a CI page shows only the end) still says what failed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';

const root = new URL('..', import.meta.url);
const { workspaces } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const withTests = workspaces.filter((w) => JSON.parse(readFileSync(new URL(`${w}/package.json`, root), 'utf8')).scripts?.test);

/** Lines that name a failing test in vitest's or Playwright's report, and lines of the errors they print. */
const failingTest = /\bFAIL\b|✘|×|^\s*\d+\) \[/;
const errorLine = /\w*Error\b|\bexpected\b|❯ \S+:\d+:\d+|Timed out|^\s+\+\s+\S/;
const ansi = /\x1b\[[0-9;]*m/g; // eslint-disable-line no-control-regex
const KEPT = 30;
/** Vitest's closing line: `Duration 49.78s (transform 4.17s, setup 0ms, import 22.41s, tests 52.57s, environment 1ms)`. */
const vitestDuration = /^\s*Duration\s+[^(]*\((.*)\)/;
/** "250ms", "4.17s", "1.5m" as seconds; 0 for nothing. */
function seconds(text) {
  const m = /([\d.]+)\s*(ms|s|m|h)/.exec(text ?? '');
  if (!m) return 0;
  return Number(m[1]) * { ms: 0.001, s: 1, m: 60, h: 3600 }[m[2]];
}

/** The command running now: a signal given to `npm test` (CI's cancel, Ctrl-C) goes to it too. */
let running = null;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    running?.kill(signal);
    process.exit(128 + constants.signals[signal]);
  });

/**
 * Runs one command, its output passed through. Resolves with how it ended and the lines that named failures: the
 * failing tests, then the error lines printed once a test had failed (not a passing test's log).
 */
function run(args) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'] });
    running = child;
    const tests = [];
    const errors = [];
    /** Where the time went, from vitest's closing lines: its setup (transforms, imports, setup files) and its tests. */
    const time = { setup: 0, tests: 0, seen: false };
    /** Each stream's own decoder and unfinished line: a character or a line split between chunks is whole. */
    const reader = (out) => {
      const decoder = new TextDecoder();
      let rest = '';
      return (chunk) => {
        out.write(chunk);
        const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
        rest = lines.pop() ?? '';
        for (const raw of lines) {
          const line = raw.replace(ansi, '').trimEnd();
          const duration = vitestDuration.exec(line);
          if (duration) {
            const part = (name) => seconds(new RegExp(`${name} ([\\d.]+\\s*(?:ms|s|m|h))`).exec(duration[1])?.[1]);
            time.setup += part('transform') + part('setup') + part('import') + part('environment');
            time.tests += part('tests');
            time.seen = true;
          }
          if (line.includes('✓')) continue;
          const list = failingTest.test(line) ? tests : tests.length > 0 && errorLine.test(line) ? errors : null;
          if (list && list.length < KEPT && !list.includes(line)) list.push(line);
        }
      };
    };
    child.stdout.on('data', reader(process.stdout));
    child.stderr.on('data', reader(process.stderr));
    const done = (ended) => {
      running = null;
      resolve({ ...ended, time, failures: [...tests, ...errors].slice(0, KEPT) });
    };
    child.on('error', (err) => done({ code: 1, how: `could not start (${err.message})` }));
    child.on('close', (code, signal) => done(signal ? { code: 1, how: `stopped by ${signal}` } : { code: code ?? 1, how: `exit ${code}` }));
  });
}

const codegen = await run(['run', '--silent', 'codegen']);
if (codegen.code !== 0) process.exit(codegen.code);

const results = [];
for (const workspace of withTests) {
  const started = Date.now();
  const { code, how, failures, time } = await run(['run', 'test', '--workspace', workspace]);
  results.push({ workspace, code, how, failures, time, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n── npm test, workspace by workspace');
// Setup and tests as vitest sums them over its workers (so they may add up to more than the time it took); what is
// left of the time is the rest (a build first, Playwright's journeys).
for (const { workspace, code, how, seconds, time } of results)
  console.log(
    `   ${workspace}: ${code === 0 ? 'passed' : `FAILED (${how})`} in ${seconds} s${time.seen ? ` (vitest, summed over its workers: setup ${Math.round(time.setup)} s, tests ${Math.round(time.tests)} s)` : ''}`,
  );
for (const { workspace, failures } of results.filter((r) => r.code !== 0)) {
  console.log(`\n── ${workspace} failed; the lines of its output that name the failure (the first ${KEPT}):`);
  for (const line of failures.length > 0 ? failures : ['(none matched: read the output above)']) console.log(`   ${line}`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
