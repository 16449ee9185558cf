import type { Execute } from '@digitic/web/server-contract';

// A product's page as it would look with the edits an editor has not saved: the storefront's own page, rendered
// by the server from the shop's data with the draft's fields laid over the product's (sanitized as a save would).

/** The fields a preview lays over the product: what the editor's form holds. */
export interface ProductDraft {
  title: string;
  description: string;
  price: number;
  category: string;
  brand: string;
  tags: string[];
}

const text = (v: unknown, name: string, max: number, empty = false) => {
  if (typeof v !== 'string' || v.length > max || (!empty && !v.trim()))
    throw new Error(`${name} is ${empty ? '' : 'a non-empty '}text of at most ${max} characters`);
  return v.trim();
};

/** The draft as the editor's form sent it (JSON), checked; throws a sentence naming what is wrong. */
export function readDraft(raw: unknown): ProductDraft {
  let d: Record<string, unknown>;
  try {
    d = JSON.parse(typeof raw === 'string' ? raw : '') as Record<string, unknown>;
  } catch {
    throw new Error('the draft is not the editor’s JSON');
  }
  if (!d || typeof d !== 'object') throw new Error('the draft is not the editor’s JSON');
  const price = d.price;
  if (typeof price !== 'number' || !Number.isInteger(price) || price < 0 || price > 100_000_000)
    throw new Error('price is a whole number of rupees, 0 to 100,000,000');
  const tags = d.tags;
  if (!Array.isArray(tags) || tags.length > 20) throw new Error('tags is a list of at most 20');
  return {
    title: text(d.title, 'title', 200),
    description: text(d.description, 'description', 100_000, true),
    price,
    category: text(d.category, 'category', 100),
    brand: text(d.brand, 'brand', 100),
    tags: tags.map((t) => text(t, 'each tag', 50)),
  };
}

/**
 * The page's queries answered as the shop answers them, with the product `id` given the draft's fields wherever an
 * answer holds it. The shop's own answer is copied, never changed: it may be a cached one.
 */
export function withDraft(execute: Execute, id: string, draft: ProductDraft, sanitize: (html: string) => string): Execute {
  const fields = { ...draft, description: sanitize(draft.description) };
  // The product wherever the page's answer holds it (its page, and among the popular ones): the page's cache keeps
  // one record per product, so a copy left as saved would show through.
  const lay = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(lay);
    if (!value || typeof value !== 'object') return value;
    const record = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, lay(v)]));
    if (record.id !== id) return record;
    return { ...record, ...Object.fromEntries(Object.entries(fields).filter(([k]) => k in record)) };
  };
  return async (op) => {
    const result = await execute(op);
    return result.data ? { ...result, data: lay(result.data) as typeof result.data } : result;
  };
}

/** A rendered page without its scripts: a preview is a picture of the page, not the app. */
export const withoutScripts = (html: string) =>
  html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
