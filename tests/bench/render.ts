/**
 * What a server-rendered page costs the renderer itself: the built server entry
 * (web/dist-server/entry-server.js) runs in this process, with every GraphQL answer already in hand
 * (each operation is asked of a running shop once, then answered from memory), so the figure is
 * React, React Router and Apollo Client's work for one page and nothing of HTTP, Apollo Server or
 * the api. Compare it with the gateway's CPU per rendered page (the gateway bench) to see what the
 * renderer leaves to the rest.
 *
 *   npm run bench:render -w tests      (builds first; RENDER_RUNS, default 300 a page)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { print } from 'graphql';
import type { Execute, ExecutionResult, ServerEntry } from '../../web/src/server-contract';
import { ROOT, startShop, waitFor } from './shop-process';

const PORT = 4665;
const SHOP = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.RENDER_RUNS ?? 300);

const answers = new Map<string, Promise<ExecutionResult>>();
const printed = new WeakMap<object, string>();
const execute: Execute = ({ query, variables, operationName }) => {
  let text = printed.get(query);
  if (text === undefined) printed.set(query, (text = print(query)));
  const key = `${text}\n${JSON.stringify(variables)}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = fetch(`${SHOP}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
      body: JSON.stringify({ query: text, variables, operationName }),
    }).then((res) => res.json() as Promise<ExecutionResult>);
    answers.set(key, answer);
  }
  return answer;
};

const discard = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

async function renderOnce(entry: ServerEntry, url: string): Promise<number> {
  const result = await entry.render({ url, origin: 'http://localhost', execute, sanitize: (html) => html });
  if (result.kind !== 'page') throw new Error(`${url}: ${result.kind}`);
  const out = discard();
  const finished = new Promise((resolve) => out.on('finish', resolve));
  result.pipe(out);
  await finished;
  return JSON.stringify(result.state).length;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'digitic-render-'));
const shop = startShop(PORT, dataDir);
try {
  await waitFor(`${SHOP}/`, { headers: { accept: 'text/html' } }, 120);
  await waitFor(`http://127.0.0.1:${PORT + 1}/api/ready`, undefined, 120);
  const products = (await (await fetch(`http://127.0.0.1:${PORT + 1}/api/product?limit=1`)).json()) as { _id: string }[];
  const blogs = (await (await fetch(`http://127.0.0.1:${PORT + 1}/api/blog`)).json()) as { _id: string }[];
  const pages = ['/', '/product', `/product/${products[0]?._id}`, '/blogs', `/blog/${blogs[0]?._id}`];
  const entry = (await import(pathToFileURL(path.join(ROOT, 'web/dist-server/entry-server.js')).href)) as ServerEntry;

  console.log(`the server renderer alone, data in hand, ${RUNS} renders a page after ${RUNS / 5} to warm up\n`);
  console.log('page                                         CPU ms/page   state kB');
  for (const url of pages) {
    for (let i = 0; i < RUNS / 5; i++) await renderOnce(entry, url);
    const before = process.cpuUsage();
    let state = 0;
    for (let i = 0; i < RUNS; i++) state = await renderOnce(entry, url);
    const used = process.cpuUsage(before);
    const ms = (used.user + used.system) / 1000 / RUNS;
    console.log(`${url.padEnd(44)} ${ms.toFixed(2).padStart(11)} ${(state / 1024).toFixed(1).padStart(10)}`);
  }
} finally {
  shop.kill('SIGINT');
  await new Promise((r) => shop.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
