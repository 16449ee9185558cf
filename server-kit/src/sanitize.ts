import sanitizeHtml from 'sanitize-html';

// What product and blog HTML may hold once stored: text structure, no scripts, styles or handlers.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
    'span',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

export const sanitizeRichText = (html: string) => sanitizeHtml(html, OPTIONS);

const recent = new Map<string, string>();
/**
 * The same allow-list on the way out: whatever reached the database (an import, a manual edit)
 * leaves the api clean. Recent results are kept, so a catalogue page costs no re-parsing.
 */
export function cleanStoredHtml(html: string): string {
  const hit = recent.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizeRichText(html);
  if (recent.size >= 2_000) recent.delete(recent.keys().next().value as string);
  recent.set(html, clean);
  return clean;
}
