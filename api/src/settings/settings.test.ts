import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command } from '../audit/actor.js';
import { newCustomer, staffSession, startTestApi, type TestApi } from '../test/harness.js';

// The shop's own details: the owner alone saves them, over the version read; every save is in the audit trail
// as before → after and in the change log ('settings'), and anyone reads what is saved (the storefront shows it).

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const latestChange = async () =>
  api.database.db.selectFrom('catalogue_changes').select(['seq', 'tags']).orderBy('seq', 'desc').limit(1).executeTakeFirst();

describe("the shop's settings", () => {
  it('are saved by the owner over the version read, audited before → after, announced, and read by anyone', async () => {
    const owner = await staffSession(api, 'owner');
    const start = await api.http.get('/api/admin/settings').set(owner.auth);
    expect(start.status).toBe(200);
    // The dashboard's opening checklist: nothing saved, one staff member so far.
    const setup = async () => (await api.http.get('/api/admin/dashboard').set(owner.auth)).body.setup;
    expect(await setup()).toMatchObject({ shopDetails: false, secondStaff: false });
    const save = (values: object, version: number) =>
      api.http
        .put('/api/admin/settings')
        .set(owner.auth)
        .send({ ...values, version });

    const saved = await save(
      {
        name: '  Digitic Surat ',
        legalName: 'Digitic Retail Private Limited',
        phone: '+91 261 400 1234',
        email: 'care@digitic.in',
        hours: '',
      },
      start.body.version,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Trimmed; blank is "the default" and is not kept.
    expect(saved.body).toMatchObject({
      values: { name: 'Digitic Surat', legalName: 'Digitic Retail Private Limited', phone: '+91 261 400 1234', email: 'care@digitic.in' },
      version: start.body.version + 1,
    });
    expect(saved.body.values).not.toHaveProperty('hours');
    await staffSession(api, 'support');
    expect(await setup()).toMatchObject({ shopDetails: true, secondStaff: true });
    expect((await latestChange())?.tags).toEqual(['settings']);
    const row = await api.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'before', 'after'])
      .where('action', '=', 'settings.updated')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.actor_id).toBe(owner.id);
    expect(row.after).toMatchObject({ name: 'Digitic Surat', email: 'care@digitic.in' });

    // Anyone reads it: the storefront's gateways do.
    const shown = await api.http.get('/api/shop-settings');
    expect(shown.status).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    // With the seller the invoices name (SELLER_*: the demo's stand-in here), which the storefront discloses.
    expect(shown.body).toEqual({
      ...saved.body,
      seller: {
        legalName: 'Digitic Electronics Private Limited (demo details: not a real business)',
        address: 'Unit 4, Demo Business Park, S G Highway, Ahmedabad 380054, Gujarat, India',
        state: 'Gujarat',
        gstin: '24AAACD1234F1ZD',
        demo: true,
      },
    });

    // One detail back to its default: the trail names that one only, before → after.
    const back = await save({ ...saved.body.values, name: null }, saved.body.version);
    expect(back.body.values).not.toHaveProperty('name');
    const second = await api.database.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'settings.updated')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(second).toEqual({ before: { name: 'Digitic Surat' }, after: { name: null } });

    // A save over a version someone else moved past is refused, and changes nothing.
    const stale = await save({ name: 'Overwritten' }, saved.body.version);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    expect((await api.http.get('/api/shop-settings')).body.values).not.toHaveProperty('name');
  });

  it("name the shop in every e-mail: the saved name and support address, or the environment's when blank", async () => {
    const owner = await staffSession(api, 'owner');
    const support = await staffSession(api, 'support');
    const { version } = (await api.http.get('/api/admin/settings').set(owner.auth)).body as { version: number };
    const saved = await api.http
      .put('/api/admin/settings')
      .set(owner.auth)
      .send({ name: 'Sharma Electronics', email: 'help@sharma.example', version });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The next e-mail, at once (the identity is read again after a save, not when its second is up).
    const enquire = async (email: string) => {
      const made = await api.http.post('/api/enquiry').send({ name: 'Ravi', email, mobile: '9876543210', comment: 'Is it in stock?' });
      expect(made.status).toBe(201);
      const replied = await api.http
        .post(`/api/admin/enquiries/${made.body._id as string}/replies`)
        .set(support.auth)
        .send({ message: 'Yes.' });
      expect(replied.status).toBe(201);
      return (await api.outbox()).find((m) => m.to === email);
    };
    const reply = await enquire(`named.${Date.now().toString(36)}@example.com`);
    expect(reply?.subject).toBe('Your message to Sharma Electronics');
    expect(reply?.replyTo).toBe('help@sharma.example');
    expect(reply?.text).toContain(', Sharma Electronics');
    const invited = `invited.${Date.now().toString(36)}@example.com`;
    await api.services.staff.invite({ email: invited, role: 'support', name: 'Sam' }, command('test'));
    expect((await api.outbox()).find((m) => m.to === invited)?.subject).toBe('Your invitation to the back office of Sharma Electronics');
    const shopper = await newCustomer(api);
    expect((await api.http.post('/api/user/forgot-password-token').send({ email: shopper.email })).status).toBe(200);
    expect((await api.outbox()).find((m) => m.to === shopper.email)?.subject).toBe('Reset your Sharma Electronics password');

    // Blank again: the environment's name and address (SHOP_NAME, SHOP_EMAIL).
    const blank = await api.http.put('/api/admin/settings').set(owner.auth).send({ name: '', email: null, version: saved.body.version });
    expect(blank.status).toBe(200);
    const after = await enquire(`unnamed.${Date.now().toString(36)}@example.com`);
    expect(after?.subject).toBe('Your message to Digitic');
    expect(after?.replyTo).toBe('support@digitic.example');
  });

  it('names what is wrong with a detail', async () => {
    const owner = await staffSession(api, 'owner');
    const { version } = (await api.http.get('/api/admin/settings').set(owner.auth)).body as { version: number };
    const tries: [object, string][] = [
      [{ email: 'care at digitic' }, 'The support e-mail is not an e-mail address'],
      [{ phone: 'call us' }, 'The support phone is digits, spaces, dashes and brackets, perhaps after a + (at least 6)'],
      [{ name: 'x'.repeat(81) }, "The shop's name is at most 80 characters"],
      [{ hours: 7 }, 'The opening hours must be text'],
      // A name is in e-mail subjects: one line.
      [{ name: 'Digitic\r\nBcc: everyone@example.com' }, "The shop's name is one line of text"],
      [{ address: 'Ring Road\nSurat\u0007' }, 'The address has a character that is not text'],
      [{ grievanceEmail: 'officer at digitic' }, "The grievance officer's e-mail is not an e-mail address"],
      [
        { grievancePhone: 'ring me' },
        "The grievance officer's phone is digits, spaces, dashes and brackets, perhaps after a + (at least 6)",
      ],
      [{ grievanceName: 'Asha\nMehta' }, "The grievance officer's name is one line of text"],
    ];
    for (const [values, message] of tries) {
      const res = await api.http
        .put('/api/admin/settings')
        .set(owner.auth)
        .send({ ...values, version });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });

  it('are the owner’s alone: a manager may neither read nor save them', async () => {
    const manager = await staffSession(api, 'manager');
    expect((await api.http.get('/api/admin/settings').set(manager.auth)).status).toBe(403);
    const put = await api.http.put('/api/admin/settings').set(manager.auth).send({ name: 'Mine', version: 0 });
    expect(put.status).toBe(403);
    expect((await api.http.get('/api/shop-settings')).body.values.name).not.toBe('Mine');
  });
});
