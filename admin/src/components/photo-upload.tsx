import { useId, useState } from 'react';
import { csrfToken } from '../lib/apollo';
import { problem } from '../lib/format';
import { type Message, Said } from './said';

interface Uploaded {
  id: string;
  url: string;
  width: number;
  height: number;
  widths: number[];
}

/**
 * Uploads a photo (JPEG, PNG or WebP, at most 10 MB): the shop checks it by its bytes, strips what the camera
 * wrote, and makes it at the storefront's widths in AVIF, WebP and JPEG. `onUploaded` gets its address
 * (/api/photos/{id}) to add to a product's or a post's pictures. `for` picks the permission it needs.
 */
export function PhotoUpload({ for: target, onUploaded }: { for: 'product' | 'blog'; onUploaded: (url: string) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const send = async (file: File) => {
    setBusy(true);
    setMessage(null);
    try {
      const res = await fetch(`/admin/files/${target}-photos`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          'Content-Type': file.type || 'application/octet-stream',
          ...(csrfToken() ? { 'X-CSRF-Token': csrfToken() as string } : {}),
        },
        body: file,
      });
      const body = (await res.json()) as Uploaded | { message?: string };
      if (!res.ok || !('url' in body)) {
        setMessage({ ok: false, text: ('message' in body && body.message) || 'The photo was not uploaded' });
        return;
      }
      onUploaded(body.url);
      setMessage({
        ok: true,
        text: `Uploaded ${file.name} (${body.width} × ${body.height}); it is added to the pictures below. Save to keep it.`,
      });
    } catch (err) {
      setMessage({ ok: false, text: problem(err) ?? 'The photo could not be sent' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="admin-upload">
      <label htmlFor={id}>Upload a photo (JPEG, PNG or WebP, at most 10 MB)</label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void send(file);
          e.target.value = '';
        }}
      />
      {busy && <p role="status">Uploading and making its sizes…</p>}
      <Said message={message} />
    </div>
  );
}
