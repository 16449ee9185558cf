import type { SearchAnswerRecord, SearchReportRecord, SearchSynonymRecord } from '@digitic/rest-contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopDayOf } from '../reports/sales.js';
import { staffSession, startTestApi, type TestApi } from '../test/harness.js';
import { up as forgetPersonalSearches } from '../db/migrations/0035-search-log-personal.js';
import { personalSearch } from './personal.js';
import { rollUpSearches } from './rollup.js';
import { searchTickets } from './tickets.js';

// The search log (a search counted when its results are shown, by the answer's ticket), the Search screen's
// report, the roll-up of days gone, and the synonyms staff keep: through the api, on PGlite and PostgreSQL.

let api: TestApi;
let desk: Awaited<ReturnType<typeof staffSession>>;
beforeAll(async () => {
  api = await startTestApi();
  desk = await staffSession(api, 'catalogue');
});
afterAll(() => api.close());

const searched = async (params: Record<string, string>) =>
  (await api.http.get('/api/product/search').query(params)).body as SearchAnswerRecord;
const report = async (days = 7) => {
  const res = await api.http.get(`/api/admin/search/report?days=${days}`).set(desk.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as SearchReportRecord;
};
const word = () => `zq${Math.random().toString(36).slice(2, 10).replace(/\d/g, 'k')}`;

describe('the search log', () => {
  it('logs a search when its results are shown, without who, and a result opened from them', async () => {
    const answer = await searched({ search: '  Sony   CAMERA ' });
    expect(answer.ticket).toEqual(expect.any(String));
    const logged = await api.http.post('/api/product/search/log').send({ ticket: answer.ticket });
    expect(logged.status).toBe(201);
    const opened = await api.http.post('/api/product/search/opened').send({ id: logged.body.id });
    expect(opened.status).toBe(204);
    const rows = await api.database.db.selectFrom('search_log').selectAll().where('query', '=', 'sony camera').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ query: 'sony camera', results: answer.total, opened: true });
    // Nothing in the row says who searched: its columns are the search's own.
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['at', 'id', 'opened', 'query', 'results', 'took_ms']);
  });

  it('gives a ticket only for a search as typed: not for a refinement, a later page or no words', async () => {
    expect((await searched({ search: 'sony', category: 'TVs' })).ticket).toBeNull();
    expect((await searched({ search: 'sony', page: '2', limit: '2' })).ticket).toBeNull();
    expect((await searched({ search: '!!!' })).ticket).toBeNull();
    expect((await searched({ search: 'sony', sort: 'price' })).ticket).toBeNull();
    // What looks like a person's own (an e-mail address, a phone or order number) is never logged.
    for (const personal of [
      'asha@example.com',
      '98765 43210',
      'order 1234567',
      // Spelled as the words would be logged after NFKC and the word split, not as the raw text reads.
      '98765.43210',
      '(98765) 43210',
      '98765/43210',
      '９８７６５４３２１０',
      'ravi.43210＠gmail.com',
      'ravi at gmail @',
      'F54CAA73',
      'order f54caa73 status',
      '३९५००३ pincode',
    ])
      expect((await searched({ search: personal })).ticket, personal).toBeNull();
    // Products' own words and numbers are logged: a model, a size, a year, a hex-looking word with no digit.
    for (const product of ['wh-1000xm5', 'iphone 15 128gb', 'samsung 55 inch tv', 'deadbeef', 'a7c'])
      expect((await searched({ search: product })).ticket, product).toEqual(expect.any(String));
    // The words as typed, before a typo is put right.
    const typo = await searched({ search: 'headphnes' });
    expect(searchTickets(api.services.config.jwtSecret).read(typo.ticket ?? '')).toMatchObject({ query: 'headphnes', results: 9 });
  });

  it('forgets, once, the searches logged before the rule that look like a person’s, as the rule in code reads them', async () => {
    const db = api.database.db;
    const kept = ['wh 1000xm5', 'iphone 15 128gb', 'deadbeef', 'a7c camera'];
    const personal = ['98765 43210', '9876543210', 'ravi 43210 gmail com @', 'f54caa73', 'order f54caa73', '395 003 surat'];
    for (const query of [...kept, ...personal]) expect(personalSearch(query), query).toBe(personal.includes(query));
    const day = '2026-01-01';
    for (const query of [...kept, ...personal]) {
      await db
        .insertInto('search_log')
        .values({ query, results: 1, took_ms: 3, at: new Date(`${day}T10:00:00Z`) })
        .execute();
      await db.insertInto('search_daily').values({ day, query, searches: 1, no_results: 0, opened: 0, took_ms: '3' }).execute();
    }
    await forgetPersonalSearches(db as never);
    const left = async (table: 'search_log' | 'search_daily') =>
      (
        await db
          .selectFrom(table)
          .select('query')
          .where('query', 'in', [...kept, ...personal])
          .execute()
      )
        .map((r) => r.query)
        .sort();
    expect(await left('search_log')).toEqual([...kept].sort());
    expect(await left('search_daily')).toEqual([...kept].sort());
  });

  it('counts a ticket once per address, and at most 30 searches an address in ten minutes', async () => {
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    const answer = await searched({ search: 'headphones' });
    expect((await api.http.post('/api/product/search/log').set(from('203.0.113.7')).send({ ticket: answer.ticket })).status).toBe(201);
    const again = await api.http.post('/api/product/search/log').set(from('203.0.113.7')).send({ ticket: answer.ticket });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This search was counted already');
    // Another shopper shown the same cached page counts.
    expect((await api.http.post('/api/product/search/log').set(from('203.0.113.8')).send({ ticket: answer.ticket })).status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const t = (await searched({ search: `flood${'x'.repeat(i % 5)} ${i}` })).ticket;
      statuses.push((await api.http.post('/api/product/search/log').set(from('203.0.113.9')).send({ ticket: t })).status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses a ticket or id the shop did not make, naming it', async () => {
    const answer = await searched({ search: 'tv' });
    const forged = (answer.ticket ?? '').replace(/^s1\.[\w-]+\./, `s1.${Buffer.from('iphone').toString('base64url')}.`);
    for (const [path, body, message] of [
      ['/api/product/search/log', { ticket: forged }, 'ticket is not a search answer of this shop’s, or is older than a day'],
      ['/api/product/search/log', { ticket: 'x'.repeat(601) }, 'ticket is at most 600 characters'],
      ['/api/product/search/opened', { id: 'o1.1.abc' }, 'id is not a logged search of this shop’s'],
    ] as const) {
      const res = await api.http.post(path).send(body);
      expect(res.status, path).toBe(400);
      expect(res.body.message).toContain(message.split(':')[0]);
    }
    const old = searchTickets(api.services.config.jwtSecret).issue({ query: 'tv', results: 9, tookMs: 3, at: Date.now() - 25 * 3600_000 });
    expect((await api.http.post('/api/product/search/log').send({ ticket: old })).status).toBe(400);
    // A ticket the shop signed for a person's details (before the rule, or by a spelling it missed) is not logged.
    for (const query of ['98765 43210', 'ravi@gmail.com', 'f54caa73']) {
      const ticket = searchTickets(api.services.config.jwtSecret).issue({ query, results: 0, tookMs: 3, at: Date.now() });
      const res = await api.http.post('/api/product/search/log').send({ ticket });
      expect(res.status, query).toBe(409);
      expect(res.body.message).toBe('This search is not logged: it looks like a person’s details');
    }
    expect(
      await api.database.db
        .selectFrom('search_log')
        .select('query')
        .where('query', 'in', ['98765 43210', 'ravi@gmail.com', 'f54caa73'])
        .execute(),
    ).toEqual([]);
  });

  it('reports searches per day, the top queries and those that found nothing, and rolls days gone up', async () => {
    const w = word();
    for (const text of [w, w, `${w} ${w}`, 'headphones']) {
      const answer = await searched({ search: text });
      await api.http.post('/api/product/search/log').send({ ticket: answer.ticket });
    }
    const now = await report();
    expect(now.days).toHaveLength(7);
    expect(now.days.at(-1)?.day).toBe(shopDayOf(Date.now()));
    const missed = now.noResults.find((q) => q.query === w);
    expect(missed).toMatchObject({ searches: 2, noResults: 2, opened: 0 });
    expect(now.top.find((q) => q.query === 'headphones')?.noResults).toBe(0);
    expect(now.totals.searches).toBe(now.days.reduce((n, d) => n + d.searches, 0));

    // Two days ago: rolled up into one row per day and query, the single searches gone, the report the same.
    await sql`update search_log set at = at - interval '2 days' where query = ${w}`.execute(api.database.db);
    const before = await report();
    const rolled = await rollUpSearches(api.database.db, 90);
    expect(rolled.rolled).toBeGreaterThanOrEqual(2);
    expect(await api.database.db.selectFrom('search_log').select('id').where('query', '=', w).execute()).toEqual([]);
    const daily = await api.database.db.selectFrom('search_daily').selectAll().where('query', '=', w).execute();
    expect(daily).toMatchObject([{ searches: 2, no_results: 2, opened: 0 }]);
    expect(await report()).toEqual(before);
    // Again is nothing more; a roll-up older than the days kept is dropped.
    expect((await rollUpSearches(api.database.db, 90)).rolled).toBe(0);
    expect((await rollUpSearches(api.database.db, 1)).dropped).toBeGreaterThanOrEqual(1);
    expect(await api.database.db.selectFrom('search_daily').select('day').where('query', '=', w).execute()).toEqual([]);
  });

  it('refuses a report of days it does not give', async () => {
    const res = await api.http.get('/api/admin/search/report?days=5').set(desk.auth);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('days is 7, 30 or 90');
  });
});

describe('the synonyms staff keep', () => {
  it('adds one, finds with it within seconds, changes and removes it, each audited', async () => {
    const w = word();
    const put = await api.http
      .put(`/api/admin/search/synonyms/${w}`)
      .set(desk.auth)
      .send({ also: ['Noise Cancelling', 'headphones', w] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ word: w, also: ['noise cancelling', 'headphones'] });
    await expect.poll(async () => (await searched({ search: w })).total, { timeout: 8_000 }).toBeGreaterThanOrEqual(9);
    const list = (await api.http.get('/api/admin/search/synonyms').set(desk.auth)).body as SearchSynonymRecord[];
    expect(list.find((s) => s.word === w)?.also).toEqual(['noise cancelling', 'headphones']);
    expect(
      (
        await api.http
          .put(`/api/admin/search/synonyms/${w}`)
          .set(desk.auth)
          .send({ also: ['laptop'] })
      ).status,
    ).toBe(200);
    expect((await api.http.delete(`/api/admin/search/synonyms/${w}`).set(desk.auth)).status).toBe(204);
    expect((await api.http.delete(`/api/admin/search/synonyms/${w}`).set(desk.auth)).status).toBe(404);
    const audit = await api.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'before', 'after'])
      .where('subject_id', '=', w)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['search.synonym_added', 'search.synonym_changed', 'search.synonym_removed']);
    expect(audit.every((a) => a.actor_id === desk.id)).toBe(true);
  });

  it('takes a word of any script, and names what is wrong with one', async () => {
    expect(
      (
        await api.http
          .put(`/api/admin/search/synonyms/${encodeURIComponent('हेडफ़ोन')}`)
          .set(desk.auth)
          .send({ also: ['headphones'] })
      ).status,
    ).toBe(200);
    for (const [path, body, message] of [
      ['two%20words', { also: ['x'] }, 'word is one word of letters or digits'],
      ['tv', { also: [] }, 'also names at least one word it also means'],
      ['tv', { also: ['!!'] }, 'also.0: each of also has a word of letters or digits'],
      ['tv', { also: Array.from({ length: 11 }, (_, i) => `w${i}`) }, 'also names at most 10 words or phrases'],
      ['tv', {}, 'also is a list of the words it also means'],
      ['tv', { also: ['TV'] }, 'also names a word or phrase other than "tv" itself'],
    ] as const) {
      const res = await api.http.put(`/api/admin/search/synonyms/${path}`).set(desk.auth).send(body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('is for staff with search:manage only', async () => {
    const packer = await staffSession(api, 'fulfilment');
    expect((await api.http.get('/api/admin/search/synonyms').set(packer.auth)).status).toBe(403);
    expect((await api.http.get('/api/admin/search/report').set(packer.auth)).status).toBe(403);
    expect((await api.http.get('/api/admin/search/synonyms')).status).toBe(401);
  });
});
