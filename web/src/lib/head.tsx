import { createContext, useContext, useEffect } from 'react';

/** What a page says about itself in <head>: title, description, canonical path, preview tags, structured data. */
export interface HeadData {
  title?: string;
  description?: string;
  /** Path (with query) of the canonical URL; absolute URLs are made with the shop's public origin. */
  path?: string;
  image?: string;
  type?: 'website' | 'product' | 'article';
  price?: number;
  jsonLd?: object[];
  noindex?: boolean;
}

export const SHOP_DESCRIPTION = 'Digitic: laptops, headphones, tablets, watches, TVs and cameras, delivered across India.';

/** On the server a render collects its head here; in the browser there is none and pages set document.head themselves. */
export interface HeadCollector {
  head: HeadData;
  status: number;
}

export const HeadContext = createContext<HeadCollector | null>(null);

export function mergeHead(into: HeadData, next: HeadData): HeadData {
  return { ...into, ...next, jsonLd: [...(into.jsonLd ?? []), ...(next.jsonLd ?? [])] };
}

/** Declares this page's head: written into the server's HTML, and kept in document.head on client navigations. */
export function useHead(head: HeadData) {
  const collector = useContext(HeadContext);
  if (collector) collector.head = mergeHead(collector.head, head);
  const { title, description, path } = head;
  useEffect(() => {
    if (title) document.title = fullTitle(title);
    if (description) setMeta('description', description);
    if (path) setCanonical(path);
  }, [title, description, path]);
}

/** A page that is not there: the server answers 404 and asks crawlers not to index it. */
export function useNotFoundStatus() {
  const collector = useContext(HeadContext);
  if (collector) {
    collector.status = 404;
    collector.head = { ...collector.head, noindex: true };
  }
}

export const fullTitle = (title: string) => (title.includes('Digitic') ? title : `${title} | Digitic`);

function setMeta(name: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}

function setCanonical(path: string) {
  const el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (el) el.href = new URL(path, el.href).href;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const URL_KEYS = new Set(['url', 'image', 'item', '@id']);
// JSON inside <script> must not be able to close the tag or open a comment; site paths become absolute URLs.
const safeJson = (value: unknown, origin: string) =>
  JSON.stringify(value, (key, v: unknown) =>
    typeof v === 'string' && v.startsWith('/') && URL_KEYS.has(key) ? new URL(v, origin).href : v,
  )
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');

/** The head tags of a server-rendered page, as HTML. */
export function renderHeadTags(head: HeadData, origin: string, shopName = 'Digitic'): string {
  const title = fullTitle(head.title ?? shopName);
  const description = head.description ?? SHOP_DESCRIPTION;
  const url = new URL(head.path ?? '/', origin).href;
  const image = head.image ? new URL(head.image, origin).href : undefined;
  const meta = (attr: 'name' | 'property', key: string, content: string | undefined) =>
    content === undefined ? '' : `<meta ${attr}="${key}" content="${escapeAttr(content)}">`;
  return [
    `<title>${escapeAttr(title)}</title>`,
    meta('name', 'description', description),
    head.noindex ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeAttr(url)}">`,
    meta('property', 'og:site_name', shopName),
    meta('property', 'og:type', head.type === 'product' ? 'product' : head.type === 'article' ? 'article' : 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    head.price === undefined ? '' : meta('property', 'product:price:amount', String(head.price)),
    head.price === undefined ? '' : meta('property', 'product:price:currency', 'INR'),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json">${safeJson(data, origin)}</script>`),
  ]
    .filter(Boolean)
    .join('');
}
