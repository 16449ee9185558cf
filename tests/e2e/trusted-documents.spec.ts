import { WEB_CLIENT_NAME } from '../../gateway/src/security/trusted-documents';
import { expect, test, typeInto } from './fixtures';

// The stack runs with TRUSTED_DOCUMENTS=web: the gateway knows the web app by its client name, and the app
// sends ids only. Were the two names to drift apart, the lock would never apply to the app.
test('the storefront names itself and sends trusted ids alone, queries as GET', async ({ page }) => {
  const sent: { method: string; client: string | undefined; query: string | null; id: unknown }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname !== '/graphql') return;
    const body = request.method() === 'POST' ? (request.postDataJSON() as Record<string, unknown>) : null;
    const extensions = body ? body.extensions : JSON.parse(url.searchParams.get('extensions') ?? 'null');
    sent.push({
      method: request.method(),
      client: request.headers()['apollographql-client-name'],
      query: body ? ((body.query as string | undefined) ?? null) : url.searchParams.get('query'),
      id: (extensions as { persistedQuery?: { sha256Hash?: string } } | null)?.persistedQuery?.sha256Hash,
    });
  });
  // A page the browser renders itself asks for its data.
  await page.goto('/login');
  await typeInto(page.getByRole('combobox', { name: 'Search products' }), 'mac');
  await expect(page.getByRole('listbox', { name: 'Matching products' }).getByRole('option').first()).toBeVisible();
  expect(sent.length).toBeGreaterThan(0);
  for (const request of sent) {
    expect(request).toMatchObject({ method: 'GET', client: WEB_CLIENT_NAME, query: null });
    expect(request.id).toMatch(/^[0-9a-f]{64}$/);
  }
});
