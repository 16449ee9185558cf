import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** HTML from the catalogue, sanitized again in the browser before it is shown. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** The text of an HTML fragment, cut to a length with an ellipsis (blog excerpts). */
export function excerpt(html: string, limit: number): string {
  const doc = new DOMParser().parseFromString(DOMPurify.sanitize(html), 'text/html');
  const text = (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}
