import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { HtmlPreview } from './html-preview';

// The editor is its own chunk: the screens that write descriptions load it, no other screen does.
const RichText = lazy(() => import('./rich-text'));

/** Tags the rich-text editor does not hold: a description with them is edited as HTML, so none is lost. */
const BEYOND_THE_EDITOR = /<(table|thead|tbody|tr|th|td|span)\b/i;

/**
 * A product's or a post's text: written as it will look (the rich-text editor), or as HTML for what the
 * editor does not hold (a table). Either way the api keeps only the tags its sanitizer allows.
 */
export function DescriptionField({
  id,
  label,
  value,
  onChange,
  html,
  error,
  previewTitle,
  readOnly,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** The HTML box's attributes (the form's hold on the field). */
  html: ComponentProps<'textarea'>;
  error?: string;
  previewTitle: string;
  /** For someone who may only read: the text as it looks, nothing to change. */
  readOnly?: boolean;
}) {
  const needsHtml = BEYOND_THE_EDITOR.test(value);
  const [asHtml, setAsHtml] = useState(needsHtml);
  const errorId = `${id}-error`;
  if (readOnly)
    return (
      <div className="admin-description">
        <span>{label}</span>
        <HtmlPreview title={previewTitle} html={value} />
      </div>
    );
  return (
    <div className="admin-description">
      <div className="admin-description-head">
        {asHtml ? <label htmlFor={id}>{label} (HTML: the shop keeps only safe tags)</label> : <span id={`${id}-label`}>{label}</span>}
        <button
          type="button"
          onClick={() => setAsHtml(!asHtml)}
          disabled={asHtml && needsHtml}
          title={asHtml && needsHtml ? 'It has a table, which the editor does not hold' : undefined}
        >
          {asHtml ? 'Write it as formatted text' : 'Edit the HTML'}
        </button>
      </div>
      {asHtml && needsHtml && <p>It has a table, which the editor does not hold: edit it as HTML.</p>}
      {asHtml ? (
        <textarea rows={10} {...html} id={id} />
      ) : (
        <Suspense fallback={<p role="status">Opening the editor…</p>}>
          <RichText
            id={id}
            label={label}
            value={value}
            onChange={onChange}
            invalid={Boolean(error)}
            describedBy={error ? errorId : undefined}
          />
        </Suspense>
      )}
      {error && (
        <p className="admin-error" id={errorId}>
          {error}
        </p>
      )}
      {asHtml && <HtmlPreview title={previewTitle} html={value} />}
    </div>
  );
}
