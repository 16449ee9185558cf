import type { PolicyDeskRecord, PolicyRecord } from '@digitic/rest-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSession, startTestApi, type TestApi } from '../test/harness.js';

// The four policy pages: the demo's texts say they are demo texts; the owner alone writes them, each save a
// new version over the one read (kept for good, audited, announced); the storefront reads the latest, sanitized.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const page = async (slug: string) => {
  const res = await api.http.get(`/api/policies/${slug}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as PolicyRecord;
};

describe('the policy pages', () => {
  it('start with the demo’s texts, which say so, for all four', async () => {
    for (const [slug, title] of [
      ['privacy-policy', 'Privacy Policy'],
      ['refund-policy', 'Refund Policy'],
      ['shipping-policy', 'Shipping Policy'],
      ['terms', 'Terms & Conditions'],
    ]) {
      const p = await page(slug as string);
      expect(p).toMatchObject({ slug, title, version: 1, demo: true });
      expect(p.html).toContain('<strong>Demo text.</strong>');
    }
    const none = await api.http.get('/api/policies/cookie-policy');
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('No such policy page: privacy-policy, refund-policy, shipping-policy or terms');
  });

  it('are written by the owner over the version read, sanitized, kept as versions, audited and announced', async () => {
    const owner = await staffSession(api, 'owner');
    const before = (await api.http.get('/api/admin/policies/refund-policy').set(owner.auth)).body as PolicyDeskRecord;
    expect(before.versions).toEqual([expect.objectContaining({ version: 1, savedBy: null })]);
    const html = '<h2>Returns</h2><p>Within <strong>10 days</strong>.</p><script>alert(1)</script><img src=x onerror="alert(2)">';
    const saved = await api.http.put('/api/admin/policies/refund-policy').set(owner.auth).send({ html, version: before.version });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const desk = saved.body as PolicyDeskRecord;
    expect(desk).toMatchObject({ version: 2, demo: false });
    expect(desk.html).toContain('<strong>10 days</strong>');
    expect(desk.html).not.toMatch(/script|onerror/);
    expect(desk.versions.map((v) => [v.version, v.savedBy])).toEqual([
      [2, expect.any(String)],
      [1, null],
    ]);
    expect(await page('refund-policy')).toMatchObject({ version: 2, html: desk.html, demo: false });
    const row = await api.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'subject_id', 'before', 'after'])
      .where('action', '=', 'policy.updated')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor_id: owner.id, subject_id: 'refund-policy', before: { version: 1 }, after: { version: 2 } });
    const change = await api.database.db.selectFrom('catalogue_changes').select('tags').orderBy('seq', 'desc').limit(1).executeTakeFirst();
    expect(change?.tags).toEqual(['policies']);

    // A save over a version someone else moved past is refused, and changes nothing; the first version is kept.
    const stale = await api.http.put('/api/admin/policies/refund-policy').set(owner.auth).send({ html: '<p>Mine</p>', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'VERSION_CONFLICT',
      message: expect.stringContaining('The Refund Policy was changed by someone else'),
    });
    expect((await page('refund-policy')).version).toBe(2);
    // Versions are never changed or removed: the database refuses.
    await expect(api.database.db.deleteFrom('policy_versions').where('slug', '=', 'refund-policy').execute()).rejects.toThrow(
      /append-only/,
    );
  });

  it('names what is wrong with a page, and are closed to all but the owner', async () => {
    const owner = await staffSession(api, 'owner');
    const { version } = await page('terms');
    for (const [body, message] of [
      [{ html: '<p>  </p>', version }, 'html has no text: write the policy (an empty page is not saved)'],
      [{ html: 7, version }, 'html is the page as HTML'],
      [{ html: '<p>x</p>' }, 'version is the policy version you read'],
    ] as const) {
      const res = await api.http.put('/api/admin/policies/terms').set(owner.auth).send(body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const manager = await staffSession(api, 'manager');
    expect((await api.http.put('/api/admin/policies/terms').set(manager.auth).send({ html: '<p>x</p>', version })).status).toBe(403);
    expect((await api.http.get('/api/admin/policies').set(manager.auth)).status).toBe(403);
    const list = await api.http.get('/api/admin/policies').set(owner.auth);
    expect((list.body as PolicyRecord[]).map((p) => p.slug)).toEqual(['privacy-policy', 'refund-policy', 'shipping-policy', 'terms']);
  });
});
