import { csrfToken } from '../../lib/apollo';

/** The fields of the product's form a preview shows as the store would. */
export interface ProductDraft {
  title: string;
  description: string;
  price: number;
  category: string;
  brand: string;
  tags: string[];
}

/**
 * Opens, in a new tab, the store's page of the product with these fields, not saved: the gateway renders the
 * storefront's own page with them (a form posted, with the session's CSRF token, since a tab cannot be opened
 * with a header). The tab runs no script and is never cached.
 */
export function openPreview(id: string, draft: ProductDraft) {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = `/admin/preview/product/${encodeURIComponent(id)}`;
  form.target = '_blank';
  for (const [name, value] of [
    ['draft', JSON.stringify(draft)],
    ['csrf', csrfToken() ?? ''],
  ] as const) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
}
