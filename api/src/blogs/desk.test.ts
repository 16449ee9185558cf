import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSession, startTestApi, type TestApi } from '../test/harness.js';

let api: TestApi;
let writer: Awaited<ReturnType<typeof staffSession>>;
beforeAll(async () => {
  api = await startTestApi();
  writer = await staffSession(api, 'catalogue');
});
afterAll(() => api.close());

describe('blog posts in the desk', () => {
  it('writes a draft (sanitized, with an uploaded photo), publishes it, edits it with the version read, and takes it back', async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const photo = await api.http.post('/api/admin/content/photos').set(writer.auth).set('Content-Type', 'image/jpeg').send(jpeg);
    expect(photo.status).toBe(201);
    const title = `Choosing a camera ${Date.now().toString(36)}`;
    const made = await api.http
      .post('/api/admin/content/posts')
      .set(writer.auth)
      .send({
        title,
        description: '<p>Sensors <strong>matter</strong>.</p><script>alert(1)</script><img src=x onerror=alert(2)>',
        category: 'Camera',
        images: [photo.body.url],
      });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ title, publishedAt: null, version: 0, images: [photo.body.url] });
    expect(made.body.description).toContain('<strong>matter</strong>');
    expect(made.body.description).not.toMatch(/script|onerror/);
    const id = made.body.id as string;

    // A draft is not on the storefront.
    expect((await api.http.get('/api/blog')).body.map((b: { _id: string }) => b._id)).not.toContain(id);
    expect((await api.http.get(`/api/blog/${id}`)).status).toBe(404);

    const published = await api.http.post(`/api/admin/content/posts/${id}/publish`).set(writer.auth).send({ version: 0 });
    expect(published.status).toBe(200);
    expect(published.body.publishedAt).not.toBeNull();
    const shown = await api.http.get(`/api/blog/${id}`);
    expect(shown.status).toBe(200);
    // Published now, it is the newest post, dated by its publication.
    expect((await api.http.get('/api/blog')).body[0]._id).toBe(id);
    expect(shown.body.createdAt).toBe(published.body.publishedAt);
    expect(shown.body.images).toEqual([{ url: photo.body.url, width: 900, height: 600, widths: [320, 640, 900] }]);
    const changes = await api.http.get('/api/catalogue/changes').query({ after: 0 });
    expect(changes.body.changes.at(-1).tags).toEqual([`blog:${id}`, 'blogs']);

    const stale = await api.http
      .put(`/api/admin/content/posts/${id}`)
      .set(writer.auth)
      .send({ title: 'Old', description: '<p>x</p>', category: 'Camera', version: 0 });
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    const edited = await api.http
      .put(`/api/admin/content/posts/${id}`)
      .set(writer.auth)
      .send({ title: `${title} (updated)`, description: '<p>Lenses too.</p>', category: 'Camera', images: [], version: 1 });
    expect(edited.body).toMatchObject({ title: `${title} (updated)`, version: 2, images: [] });
    const badPhoto = await api.http
      .put(`/api/admin/content/posts/${id}`)
      .set(writer.auth)
      .send({
        title,
        description: '<p>x</p>',
        category: 'Camera',
        images: ['/api/photos/00000000-0000-4000-8000-000000000000'],
        version: 2,
      });
    expect(badPhoto.status).toBe(400);
    expect((await api.http.get(`/api/admin/content/posts/${id}`).set(writer.auth)).body.title).toBe(`${title} (updated)`);

    const back = await api.http.post(`/api/admin/content/posts/${id}/unpublish`).set(writer.auth).send({ version: 2 });
    expect(back.body.publishedAt).toBeNull();
    expect((await api.http.get(`/api/blog/${id}`)).status).toBe(404);
    const again = await api.http.post(`/api/admin/content/posts/${id}/unpublish`).set(writer.auth).send({ version: 3 });
    expect(again.body.message).toBe('This post is a draft already');

    const drafts = await api.http.get('/api/admin/content/posts').query({ status: 'draft', q: title }).set(writer.auth);
    expect(drafts.body).toMatchObject({ total: 1, posts: [{ id }] });
    const trail = await api.database.db.selectFrom('audit_log').select('action').where('subject_id', '=', id).orderBy('id').execute();
    expect(trail.map((t) => t.action)).toEqual(['blog.created', 'blog.published', 'blog.updated', 'blog.unpublished']);
  });

  it('is for content:write only', async () => {
    const support = await staffSession(api, 'support');
    expect((await api.http.get('/api/admin/content/posts').set(support.auth)).status).toBe(403);
  });
});
