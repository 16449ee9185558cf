// The shop's policy pages through the real gateway and api: the storefront reads the latest version (the demo's
// saying it is a demo), the owner writes the next over the one read, and the next read shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficeBrowser, signedInStaff } from './test/back-office.js';
import { startTestGateway, type TestGateway } from './test/harness.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

type Page = { page: string; title: string; html: string; version: number; updatedAt: string | null; demo: boolean };
const PAGE = 'page title html version updatedAt demo';

describe('policy pages', () => {
  it('are read by anyone, written by the owner over the version read, and shown at the next read', async () => {
    const read = await gw.gql<{ policyPage: Page }>(`{ policyPage(page: SHIPPING_POLICY) { ${PAGE} } }`);
    expect(read.errors).toBeUndefined();
    expect(read.data?.policyPage).toMatchObject({ page: 'SHIPPING_POLICY', title: 'Shipping Policy', version: 1, demo: true });
    expect(read.data?.policyPage.html).toContain('Demo text.');

    const { browser: owner } = await signedInStaff(gw, 'owner');
    const list = await owner.admin<{ policyPages: { page: string; version: number; versions: null }[] }>(
      '{ policyPages { page version versions { version } } }',
    );
    expect(list.data?.policyPages.map((p) => p.page)).toEqual(['PRIVACY_POLICY', 'REFUND_POLICY', 'SHIPPING_POLICY', 'TERMS']);
    const saved = await owner.admin<{
      updatePolicyPage: Page & { versions: { version: number; savedBy: string | null; characters: number }[] };
    }>(
      'mutation($v: Int!, $h: String!) { updatePolicyPage(page: SHIPPING_POLICY, version: $v, html: $h) { page version demo html versions { version savedBy characters } } }',
      { v: 1, h: '<p>Free shipping over <strong>Rs. 999</strong>.</p><iframe src="https://evil.test"></iframe>' },
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.updatePolicyPage).toMatchObject({ page: 'SHIPPING_POLICY', version: 2, demo: false });
    expect(saved.data?.updatePolicyPage.html).not.toContain('iframe');
    expect(saved.data?.updatePolicyPage.versions.map((v) => v.version)).toEqual([2, 1]);
    await gw.syncCatalogue();
    const shown = await gw.gql<{ policyPage: Page }>(`{ policyPage(page: SHIPPING_POLICY) { ${PAGE} } }`);
    expect(shown.data?.policyPage).toMatchObject({ version: 2, demo: false, html: '<p>Free shipping over <strong>Rs. 999</strong>.</p>' });

    const stale = await owner.admin('mutation { updatePolicyPage(page: SHIPPING_POLICY, version: 1, html: "<p>Mine</p>") { version } }');
    expect(stale.errors?.[0]?.extensions?.code).toBe('VERSION_CONFLICT');
    const one = await owner.admin<{ policyPage: { versions: { savedBy: string | null }[] } }>(
      '{ policyPage(page: SHIPPING_POLICY) { versions { savedBy } } }',
    );
    expect(one.data?.policyPage.versions.at(-1)?.savedBy).toBeNull();
  });

  it('are written by the owner alone', async () => {
    const { browser: manager } = await signedInStaff(gw, 'manager');
    const write = await manager.admin('mutation { updatePolicyPage(page: TERMS, version: 1, html: "<p>x</p>") { version } }');
    expect(write.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const signedOut = await backOfficeBrowser(gw).admin('{ policyPages { page } }');
    expect(signedOut.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
