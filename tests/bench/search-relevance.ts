/**
 * Search relevance over the demo catalogue: runs every judged query of tests/search/judged.json through the
 * api's own search (the query code the store and the GraphQL `searchProducts` run, on an embedded database with
 * the demo catalogue) and prints recall@10 and nDCG@10, overall and by kind of query, and which queries found
 * nothing. `--check` holds recall@10 ≥ 0.95, nDCG@10 ≥ 0.85 and no empty answer but for the nonsense queries.
 *
 *   node --conditions=source --import tsx tests/bench/search-relevance.ts [--check] [--verbose]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrateToLatest, openDb, parseProductListQuery, searchProducts, seedDemo } from '@digitic/api/bench';

interface Judged {
  q: string;
  kind: string;
  /** Should come first (grade 2). */
  first: string[];
  /** Belong in the answer (grade 1). */
  also?: string[];
}

const RECALL_GOAL = 0.95;
const NDCG_GOAL = 0.85;
const K = 10;
const check = process.argv.includes('--check');
const verbose = process.argv.includes('--verbose');
const { queries } = JSON.parse(readFileSync(path.join(import.meta.dirname, '../search/judged.json'), 'utf8')) as { queries: Judged[] };

const grade = (j: Judged, title: string) => (j.first.includes(title) ? 2 : j.also?.includes(title) ? 1 : 0);
const dcg = (gains: number[]) => gains.slice(0, K).reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);

/** recall@10 and nDCG@10 of one answer; a nonsense query scores 1 when it finds nothing. */
function score(j: Judged, titles: string[]) {
  const relevant = [...j.first, ...(j.also ?? [])];
  if (relevant.length === 0) return { recall: titles.length === 0 ? 1 : 0, ndcg: titles.length === 0 ? 1 : 0 };
  const top = titles.slice(0, K);
  const recall = relevant.filter((t) => top.includes(t)).length / Math.min(relevant.length, K);
  const ideal = dcg(relevant.map((t) => grade(j, t)).sort((a, b) => b - a));
  return { recall, ndcg: dcg(top.map((t) => grade(j, t))) / ideal };
}

const db = await openDb({ kind: 'pglite', dir: null });
await migrateToLatest(db.db);
await seedDemo(db.db);

const results: { j: Judged; recall: number; ndcg: number; found: number; titles: string[]; failed: boolean }[] = [];
for (const j of queries) {
  let titles: string[] = [];
  let found = 0;
  try {
    const page = await searchProducts(db.db, { ...parseProductListQuery({ search: j.q, limit: String(K) }, 'search'), search: j.q });
    titles = page.rows.map((r) => r.title);
    found = page.total;
  } catch (err) {
    // A search that fails scores nothing, nonsense or not: a shopper got an error, not an answer.
    console.log(`  ${JSON.stringify(j.q)} failed: ${err instanceof Error ? err.message : String(err)}`);
    results.push({ j, recall: 0, ndcg: 0, found: 0, titles, failed: true });
    continue;
  }
  results.push({ j, ...score(j, titles), found, titles, failed: false });
}
await db.close();

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const line = (label: string, rs: typeof results) =>
  `${label.padEnd(14)} ${String(rs.length).padStart(3)} queries  recall@10 ${mean(rs.map((r) => r.recall)).toFixed(3)}  nDCG@10 ${mean(rs.map((r) => r.ndcg)).toFixed(3)}`;
console.log(`Search relevance, ${results.length} judged queries over the demo catalogue (tests/search/judged.json):`);
for (const kind of [...new Set(results.map((r) => r.j.kind))])
  console.log(
    `  ${line(
      kind,
      results.filter((r) => r.j.kind === kind),
    )}`,
  );
console.log(`  ${line('all', results)}`);
const empty = results.filter((r) => r.found === 0 && r.j.kind !== 'nonsense');
console.log(
  `  found nothing for ${empty.length} of ${results.filter((r) => r.j.kind !== 'nonsense').length} real queries${empty.length ? `: ${empty.map((r) => JSON.stringify(r.j.q)).join(', ')}` : ''}`,
);
if (verbose)
  for (const r of results)
    console.log(
      `  ${JSON.stringify(r.j.q)}: recall ${r.recall.toFixed(2)}, nDCG ${r.ndcg.toFixed(2)}; ${r.titles.slice(0, 5).join(' | ')}`,
    );

if (check) {
  const recall = mean(results.map((r) => r.recall));
  const ndcg = mean(results.map((r) => r.ndcg));
  const failed = [
    ...(recall < RECALL_GOAL ? [`recall@10 ${recall.toFixed(3)} < ${RECALL_GOAL}`] : []),
    ...(ndcg < NDCG_GOAL ? [`nDCG@10 ${ndcg.toFixed(3)} < ${NDCG_GOAL}`] : []),
    ...(empty.length > 0 ? [`${empty.length} real queries found nothing`] : []),
    ...(results.some((r) => r.failed) ? [`${results.filter((r) => r.failed).length} queries failed`] : []),
  ];
  if (failed.length > 0) {
    console.error(`Search relevance below its goals: ${failed.join('; ')}`);
    process.exit(1);
  }
  console.log('Search relevance within its goals.');
}
