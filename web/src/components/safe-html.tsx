import DOMPurify from 'dompurify';
import { createContext, useContext, useMemo } from 'react';

/** The server renderer has no DOM; it hands its own sanitizer down (the same allow-list the api stores with). */
export const ServerSanitizer = createContext<((html: string) => string) | null>(null);

/** HTML from the catalogue, sanitized again where it is rendered before it is shown. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const onServer = useContext(ServerSanitizer);
  const clean = useMemo(() => (onServer ? onServer(html) : DOMPurify.sanitize(html, { USE_PROFILES: { html: true } })), [html, onServer]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
