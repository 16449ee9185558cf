import { type ReactNode, useId, useRef, useState } from 'react';
import { upload } from '../lib/photo-upload';
import { AltText } from './alt-text';
import { type Message, Said } from './said';

/** A picture as a product or a post shows it: its address, and what it shows in words (empty: not said yet). */
export interface Picture {
  url: string;
  alt: string;
}

/** One upload under way: its file's name and how much of it has gone (0–1). */
interface Sending {
  key: number;
  name: string;
  sent: number;
}

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * A product's (or a post's) pictures as a library: each a thumbnail in the order the store shows them, the
 * first the main one; moved by dragging or by its buttons (the keyboard's way), made the main one, or
 * removed; new photos dropped on it, pasted into it or chosen, each with its progress; with `describe`, each
 * with the words that say what it shows. `onChange` gets the pictures in their new order: the form they belong
 * to keeps them on its save, or (`keptAtOnce`) the page keeps each change the moment it is made.
 */
export function MediaLibrary({
  label,
  for: target,
  value,
  onChange,
  editable,
  error,
  describe = false,
  keptAtOnce = false,
  children,
}: {
  label: string;
  for: 'product' | 'blog';
  value: Picture[];
  onChange: (next: Picture[]) => void;
  editable: boolean;
  error?: string;
  describe?: boolean;
  keptAtOnce?: boolean;
  /** Said under the pictures: how keeping them went. */
  children?: ReactNode;
}) {
  const inputId = useId();
  const errorId = useId();
  const [sending, setSending] = useState<Sending[]>([]);
  // What became of each photo of the latest batch (a refusal stays beside the others' success), and where a
  // moved picture went.
  const [outcomes, setOutcomes] = useState<{ key: number; message: Message }[]>([]);
  const [moved, setMoved] = useState('');
  const [over, setOver] = useState(false);
  const dragged = useRef<number | null>(null);
  const keys = useRef(0);
  const list = useRef<HTMLOListElement>(null);
  // The latest list, for uploads that finish after other changes (two may finish before a render).
  const latest = useRef(value);
  latest.current = value;
  const change = (next: Picture[]) => {
    latest.current = next;
    onChange(next);
  };
  const said = (key: number, message: Message) => setOutcomes((o) => [...o, { key, message }]);

  const move = (from: number, to: number, byKeyboard = false) => {
    if (to < 0 || to >= value.length || from === to) return;
    const next = [...value];
    const [picked] = next.splice(from, 1);
    next.splice(to, 0, picked as Picture);
    change(next);
    setMoved(`${to === 0 ? 'It is now the main picture' : `It is now picture ${to + 1}`} of ${next.length}.`);
    // The buttons pressed may be gone (an end of the list): the keyboard stays on the picture moved.
    if (byKeyboard) requestAnimationFrame(() => (list.current?.children[to] as HTMLElement | undefined)?.focus());
  };

  const send = (files: File[]) => {
    const photos = files.filter((f) => ACCEPTED.includes(f.type));
    setOutcomes(
      photos.length < files.length
        ? [{ key: 0, message: { ok: false, text: 'Only JPEG, PNG and WebP photos are taken: the others were left out.' } }]
        : [],
    );
    for (const file of photos) {
      const key = ++keys.current;
      setSending((s) => [...s, { key, name: file.name || 'pasted photo', sent: 0 }]);
      const progress = (sent: number) => setSending((s) => s.map((x) => (x.key === key ? { ...x, sent } : x)));
      upload(target, file, progress)
        .then(
          (photo) => {
            change([...latest.current, { url: photo.url, alt: '' }]);
            said(key, {
              ok: true,
              text: `Added ${file.name || 'the pasted photo'} (${photo.width} × ${photo.height}) to the pictures.${keptAtOnce ? '' : ' Save to keep it.'}${describe ? ' Say what it shows below it.' : ''}`,
            });
          },
          (err: unknown) =>
            said(key, { ok: false, text: `${file.name || 'The pasted photo'}: ${err instanceof Error ? err.message : String(err)}` }),
        )
        .finally(() => setSending((s) => s.filter((x) => x.key !== key)));
    }
  };

  return (
    <fieldset
      className={`admin-media${over ? ' admin-media-over' : ''}`}
      aria-describedby={error ? errorId : undefined}
      onDragOver={(e) => {
        if (!editable || !e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        if (!editable || e.dataTransfer.files.length === 0) return;
        e.preventDefault();
        setOver(false);
        send([...e.dataTransfer.files]);
      }}
      onPaste={(e) => {
        if (!editable) return;
        const files = [...e.clipboardData.files];
        if (files.length === 0) return;
        e.preventDefault();
        send(files);
      }}
    >
      <legend>{label}</legend>
      {value.length === 0 ? (
        <p>No pictures yet.</p>
      ) : (
        <ol className="admin-media-list" ref={list}>
          {value.map(({ url, alt }, i) => {
            const name = i === 0 ? 'the main picture' : `picture ${i + 1}`;
            // Keyed by the picture, not its place: a move (or a save's answer arriving after another move) reorders
            // the thumbnails without making them anew, so the words being typed under one keep its field and focus.
            const seen = value.slice(0, i).filter((p) => p.url === url).length;
            return (
              <li
                key={seen === 0 ? url : `${url}#${seen}`}
                tabIndex={-1}
                draggable={editable}
                onDragStart={(e) => {
                  if (!editable) return;
                  dragged.current = i;
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(e) => {
                  if (!editable || dragged.current === null) return;
                  e.preventDefault();
                  e.stopPropagation();
                }}
                onDrop={(e) => {
                  if (!editable || dragged.current === null) return;
                  e.preventDefault();
                  e.stopPropagation();
                  move(dragged.current, i);
                  dragged.current = null;
                }}
                onDragEnd={() => (dragged.current = null)}
              >
                <img
                  src={url}
                  alt={`${i === 0 ? 'Main picture' : `Picture ${i + 1}`}: ${alt || (url.split('/').pop() ?? url)}`}
                  width={96}
                  height={96}
                  loading="lazy"
                />
                {i === 0 && <span className="admin-media-main">Main</span>}
                {describe && (
                  <AltText
                    name={name}
                    alt={alt}
                    editable={editable}
                    // From the latest list: an upload that finished a moment ago stays in it.
                    onSay={(words) => change(latest.current.map((p) => (p.url === url ? { url: p.url, alt: words } : p)))}
                  />
                )}
                {editable && (
                  <span className="admin-media-actions">
                    {i > 0 && (
                      <button type="button" onClick={() => move(i, 0, true)} aria-label={`Make main: ${name}`}>
                        Make main
                      </button>
                    )}
                    {i > 0 && (
                      <button type="button" onClick={() => move(i, i - 1, true)} aria-label={`Move ${name} earlier`}>
                        ←
                      </button>
                    )}
                    {i < value.length - 1 && (
                      <button type="button" onClick={() => move(i, i + 1, true)} aria-label={`Move ${name} later`}>
                        →
                      </button>
                    )}
                    <button
                      type="button"
                      className="admin-final"
                      onClick={() => {
                        change(value.filter((_, k) => k !== i));
                        setMoved(`Removed ${name}.`);
                      }}
                      aria-label={`Remove ${name}`}
                    >
                      Remove
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {error && (
        <p id={errorId} className="admin-error">
          {error}
        </p>
      )}
      {editable && (
        <div className="admin-upload">
          <label htmlFor={inputId}>Add photos: drop them here, paste them, or choose them (JPEG, PNG or WebP, at most 10 MB each)</label>
          <input
            id={inputId}
            type="file"
            multiple
            accept={ACCEPTED.join(',')}
            onChange={(e) => {
              send([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
        </div>
      )}
      {sending.map((s) => (
        <p key={s.key} className="admin-media-sending">
          <label>
            Uploading {s.name}
            <progress max={1} value={s.sent} />
          </label>
        </p>
      ))}
      {outcomes.map((o) => (
        <Said key={o.key} message={o.message} />
      ))}
      {children}
      <p className="admin-visually-hidden" aria-live="polite">
        {moved}
      </p>
    </fieldset>
  );
}
