import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '../test/back-office.js';
import { startTestGateway, type TestGateway } from '../test/harness.js';

// The shop's own details through the real gateway and api: the owner reads and saves them; the storefront's
// shopInfo (and its cached answers) shows a save at the next read of the change log; a manager is refused.

let gw: TestGateway;
beforeAll(async () => {
  const adminDist = mkdtempSync(path.join(tmpdir(), 'digitic-admin-dist-'));
  mkdirSync(path.join(adminDist, 'assets'));
  writeFileSync(path.join(adminDist, 'index.html'), '<!doctype html><title>Back office</title><div id="root"></div>');
  gw = await startTestGateway({ ADMIN_DIST: adminDist, SHOP_NAME: 'Digitic' });
});
afterAll(() => gw.close());

const DETAILS = 'name legalName address phone email hours freeShippingNotice';
const SETTINGS = `saved { ${DETAILS} } defaults { ${DETAILS} } version updatedAt`;
type Details = Record<'name' | 'legalName' | 'address' | 'phone' | 'email' | 'hours' | 'freeShippingNotice', string | null>;
type Settings = { saved: Details; defaults: Details; version: number; updatedAt: string | null };

describe("the shop's settings", () => {
  it('are saved by the owner and shown by the storefront at the next read of the change log, cached answers included', async () => {
    const { browser: owner } = await signedInStaff(gw, 'owner');
    const read = await owner.admin<{ shopSettings: Settings }>(`{ shopSettings { ${SETTINGS} } }`);
    expect(read.errors).toBeUndefined();
    const start = read.data?.shopSettings as Settings;
    // The defaults are the environment's settings and the spec's texts.
    expect(start.defaults).toMatchObject({
      name: 'Digitic',
      legalName: 'Digitic',
      phone: '+971 4 123 4567',
      email: 'help@digitic.test',
      hours: 'Monday – Sunday 10 AM – 8 PM',
      freeShippingNotice: 'Free Shipping Over AED 400 & Free Returns',
    });
    const INFO = `{ shopInfo { ${DETAILS} } }`;
    // Read once, so a cached answer exists that the save must drop.
    await gw.gql(INFO);

    const values = {
      name: 'Digitic Surat',
      legalName: 'Digitic Retail Private Limited',
      address: '4th floor, Ring Road, Surat 395002, Gujarat',
      phone: '+91 261 400 1234',
      email: 'care@digitic.in',
      hours: null,
      freeShippingNotice: 'Free shipping over Rs. 999',
    };
    const saved = await owner.admin<{ updateShopSettings: Settings }>(
      `mutation($v: Int!, $i: ShopSettingsInput!) { updateShopSettings(version: $v, values: $i) { ${SETTINGS} } }`,
      { v: start.version, i: values },
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.updateShopSettings).toMatchObject({ saved: values, version: start.version + 1 });
    expect(saved.data?.updateShopSettings.updatedAt).toEqual(expect.any(String));

    await gw.syncCatalogue();
    const shown = await gw.gql<{ shopInfo: Details }>(INFO);
    expect(shown.data?.shopInfo).toEqual({ ...values, hours: 'Monday – Sunday 10 AM – 8 PM' });
    // The packing slip's sender is the saved shop too.
    const slip = await owner.admin<{ shop: Details }>('{ shop { name legalName address phone email } }');
    expect(slip.data?.shop).toEqual({
      name: values.name,
      legalName: values.legalName,
      address: values.address,
      phone: values.phone,
      email: values.email,
    });

    // A stale save is refused, naming why.
    const stale = await owner.admin(
      `mutation($v: Int!, $i: ShopSettingsInput!) { updateShopSettings(version: $v, values: $i) { version } }`,
      {
        v: start.version,
        i: { name: 'Overwritten' },
      },
    );
    expect(stale.errors?.[0]?.extensions?.code).toBe('VERSION_CONFLICT');
    const bad = await owner.admin(
      `mutation($v: Int!, $i: ShopSettingsInput!) { updateShopSettings(version: $v, values: $i) { version } }`,
      {
        v: start.version + 1,
        i: { ...values, email: 'care at digitic' },
      },
    );
    expect(bad.errors?.[0]).toMatchObject({
      message: 'email: The support e-mail is not an e-mail address',
      extensions: { code: 'BAD_USER_INPUT', field: 'email' },
    });
  });

  it('name the seller and the grievance officer on every page, the officer as the owner saves them', async () => {
    const INFO = '{ shopInfo { seller { legalName address state gstin demo } grievanceOfficer { name designation email phone } } }';
    type Info = { shopInfo: { seller: Record<string, unknown>; grievanceOfficer: Record<string, string> } };
    const before = await gw.gql<Info>(INFO);
    expect(before.errors).toBeUndefined();
    // The seller the tax invoices name: the api's SELLER_* (the demo's stand-in, saying so).
    expect(before.data?.shopInfo.seller).toEqual({
      legalName: 'Digitic Electronics Private Limited (demo details: not a real business)',
      address: expect.stringContaining('Ahmedabad'),
      state: 'Gujarat',
      gstin: '24AAACD1234F1ZD',
      demo: true,
    });
    // No officer named yet: a stand-in that says so, reached at the shop's support contacts.
    expect(before.data?.shopInfo.grievanceOfficer).toEqual({
      name: expect.stringContaining('Not yet named'),
      designation: 'Grievance Officer',
      email: 'help@digitic.test',
      phone: '+971 4 123 4567',
    });

    const { browser: owner } = await signedInStaff(gw, 'owner');
    const { version } = (await owner.admin<{ shopSettings: { version: number } }>('{ shopSettings { version } }')).data!.shopSettings;
    const officer = {
      grievanceName: 'Asha Mehta',
      grievanceDesignation: 'Head of Customer Care',
      grievanceEmail: 'grievance@digitic.in',
      grievancePhone: '+91 79 4000 1234',
    };
    const saved = await owner.admin<{ updateShopSettings: { saved: Record<string, string> } }>(
      'mutation($v: Int!, $i: ShopSettingsInput!) { updateShopSettings(version: $v, values: $i) { saved { grievanceName grievanceDesignation grievanceEmail grievancePhone } } }',
      { v: version, i: officer },
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.updateShopSettings.saved).toEqual(officer);
    await gw.syncCatalogue();
    expect((await gw.gql<Info>(INFO)).data?.shopInfo.grievanceOfficer).toEqual({
      name: 'Asha Mehta',
      designation: 'Head of Customer Care',
      email: 'grievance@digitic.in',
      phone: '+91 79 4000 1234',
    });
  });

  it('are closed to a manager', async () => {
    const { browser: manager } = await signedInStaff(gw, 'manager');
    const read = await manager.admin('{ shopSettings { version } }');
    expect(read.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const write = await manager.admin('mutation { updateShopSettings(version: 0, values: { name: "Mine" }) { version } }');
    expect(write.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
