/**
 * Typed HTML as it looks, under a "Preview" heading, in a sandbox without scripts: what was typed is shown, never
 * run. The storefront shows the sanitized HTML the api keeps.
 */
export function HtmlPreview({ title, html }: { title: string; html: string }) {
  return (
    <>
      <h2>Preview</h2>
      <iframe title={title} className="admin-preview" sandbox="" srcDoc={html} />
    </>
  );
}
