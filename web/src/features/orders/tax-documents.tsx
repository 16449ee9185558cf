import { useState } from 'react';
import { toast } from 'react-hot-toast/headless';
import { storedToken } from '../../lib/storage';
import type { MyOrderFragment } from './__generated__/orders';

type Doc = MyOrderFragment['taxDocuments'][number];

const NAME: Record<Doc['kind'], string> = { INVOICE: 'tax invoice', CREDIT_NOTE: 'credit note' };

/**
 * An order's tax invoice and credit notes (an addition to the spec's My Orders): each downloads as a PDF with the
 * shopper's sign-in (the address answers only the order's own customer, so it is fetched, then saved).
 */
export function TaxDocuments({ documents }: { documents: readonly Doc[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  // A document's number is unique: it keys it.
  if (documents.length === 0) return null;
  const download = async (d: Doc) => {
    setBusy(d.number);
    try {
      const token = storedToken();
      const res = await fetch(d.pdfUrl, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!res.ok) throw new Error(String(res.status));
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = `${d.number.replace(/\//g, '-')}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      toast.error(`The ${NAME[d.kind]} could not be downloaded. Please try again.`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <ul className="order-documents" aria-label="Tax invoice and credit notes">
      {documents.map((d) => (
        <li key={d.number}>
          <button type="button" className="link-button" disabled={busy === d.number} onClick={() => void download(d)}>
            Download {NAME[d.kind]} {d.number} (PDF)
          </button>
        </li>
      ))}
    </ul>
  );
}
