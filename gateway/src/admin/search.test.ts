import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '../test/back-office.js';
import { startTestGateway, type TestGateway } from '../test/harness.js';

// The Search screen's fields and the shopper's search log through the real gateway and api: a search shown is
// counted (recordSearch), a result opened marks it (recordSearchOpened); staff read the report and keep the
// synonyms; someone without search:manage is refused.

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const REPORT =
  'days { day searches noResults } searches noResults top { query searches noResults opened averageMs } noResultQueries { query searches noResults opened averageMs }';
interface Figures {
  query: string;
  searches: number;
  noResults: number;
  opened: number;
  averageMs: number;
}

/** A search shown to a shopper: its ticket handed back, and (when `open`) one of its results opened. */
async function shown(query: string, open = false) {
  const answer = await gw.gql<{ searchProducts: { search: { ticket: string | null } } }>(
    'query($q: String!) { searchProducts(query: $q) { search { ticket } } }',
    { q: query },
  );
  const ticket = answer.data?.searchProducts.search.ticket;
  expect(ticket).toEqual(expect.any(String));
  const logged = await gw.gql<{ recordSearch: { id: string } }>('mutation($t: String!) { recordSearch(ticket: $t) { id } }', { t: ticket });
  expect(logged.errors).toBeUndefined();
  if (open) {
    const opened = await gw.gql<{ recordSearchOpened: boolean }>('mutation($id: ID!) { recordSearchOpened(id: $id) }', {
      id: logged.data?.recordSearch.id,
    });
    expect(opened.data?.recordSearchOpened).toBe(true);
  }
}

describe('the Search screen', () => {
  it('shows the searches per day, the top queries and those that found nothing', async () => {
    await shown('headphones', true);
    // Searched again, spelled otherwise: a new answer and ticket, counted under the same words.
    await shown('Headphones ');
    await shown('qwzxvkj');
    const { browser: owner } = await signedInStaff(gw, 'owner');
    const res = await owner.admin<{
      searchReport: {
        days: { day: string; searches: number }[];
        searches: number;
        noResults: number;
        top: Figures[];
        noResultQueries: Figures[];
      };
    }>(`{ searchReport(days: 7) { ${REPORT} } }`);
    expect(res.errors).toBeUndefined();
    const report = res.data?.searchReport;
    expect(report?.days).toHaveLength(7);
    expect(report?.searches).toBe(3);
    expect(report?.noResults).toBe(1);
    expect(report?.top[0]).toMatchObject({ query: 'headphones', searches: 2, noResults: 0, opened: 1 });
    expect(report?.noResultQueries).toEqual([expect.objectContaining({ query: 'qwzxvkj', searches: 1, noResults: 1, opened: 0 })]);
    expect(report?.days.at(-1)?.searches).toBe(3);
  });

  it('keeps the synonyms, and the storefront finds with a new one', async () => {
    const { browser: cataloguer } = await signedInStaff(gw, 'catalogue');
    // Searched before: the answer cached then is dropped when the synonym is saved.
    expect(
      (await gw.gql<{ searchProducts: { totalCount: number } }>('{ searchProducts(query: "zqcans") { totalCount } }')).data?.searchProducts
        .totalCount,
    ).toBe(0);
    const saved = await cataloguer.admin<{ saveSearchSynonym: { word: string; also: string[]; updatedAt: string } }>(
      'mutation { saveSearchSynonym(word: "ZqCans", also: ["Headphones"]) { word also updatedAt } }',
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.saveSearchSynonym).toMatchObject({ word: 'zqcans', also: ['headphones'] });
    const list = await cataloguer.admin<{ searchSynonyms: { word: string; also: string[] }[] }>(
      '{ searchSynonyms { word also updatedAt } }',
    );
    expect(list.data?.searchSynonyms.find((s) => s.word === 'zqcans')?.also).toEqual(['headphones']);
    const headphones = async () =>
      (
        await gw.gql<{ searchProducts: { items: { category: string }[] } }>(
          '{ searchProducts(query: "zqcans", first: 50) { items { category } } }',
        )
      ).data?.searchProducts.items.filter((p) => p.category === 'Headphones').length;
    await expect.poll(headphones, { timeout: 10_000 }).toBe(9);
    const removed = await cataloguer.admin<{ removeSearchSynonym: boolean }>('mutation { removeSearchSynonym(word: "zqcans") }');
    expect(removed.data?.removeSearchSynonym).toBe(true);
    const bad = await cataloguer.admin('mutation { saveSearchSynonym(word: "two words", also: ["x"]) { word } }');
    expect(bad.errors?.[0]).toMatchObject({ message: 'word is one word of letters or digits', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('is refused to staff without search:manage, and a forged ticket is refused by name', async () => {
    const { browser: packer } = await signedInStaff(gw, 'fulfilment');
    const refused = await packer.admin('{ searchSynonyms { word } }');
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const forged = await gw.gql('mutation { recordSearch(ticket: "s1.eA.1.1.1700000000000.abc") { id } }');
    expect(forged.errors?.[0]).toMatchObject({
      message: 'ticket is not a search answer of this shop’s, or is older than a day',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
