import { useState } from 'react';
import { problem } from '../../lib/format';
import { type Message, Said } from '../../components/said';
import type { CatalogueProductWholeFragment } from './__generated__/product-whole';
import { useSetStockMutation } from './__generated__/set-stock';

/** Stock per colour, set to what was counted: each count names the figure read, so a sale meanwhile is never overwritten. */
export function StockForm({ product, editable }: { product: CatalogueProductWholeFragment; editable: boolean }) {
  const [setStock, saving] = useSetStockMutation();
  const offered = product.variants.filter((v) => v.offered);
  const [counts, setCounts] = useState<Record<string, string>>(() => Object.fromEntries(offered.map((v) => [v.colorId, String(v.stock)])));
  const [message, setMessage] = useState<Message>(null);
  const changes = offered
    .filter((v) => counts[v.colorId] !== String(v.stock))
    .map((v) => ({ colorId: v.colorId, stock: Number(counts[v.colorId]), expected: v.stock }));
  const bad = changes.some((c) => !Number.isInteger(c.stock) || c.stock < 0);
  return (
    <form
      aria-label="Stock"
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        setMessage(null);
        setStock({ variables: { id: product.id, changes } }).then(
          (saved) => {
            const now = saved.data?.setStock.variants ?? [];
            setCounts(Object.fromEntries(now.filter((v) => v.offered).map((v) => [v.colorId, String(v.stock)])));
            setMessage({ ok: true, text: 'Stock saved.' });
          },
          (err: unknown) => setMessage({ ok: false, text: problem(err) ?? 'The stock was not saved' }),
        );
      }}
    >
      <h2>Stock by colour</h2>
      {offered.map((v) => (
        <label key={v.colorId} className="admin-stock">
          <span className="admin-swatch" style={{ background: v.color }} aria-hidden="true" />
          {v.color} (now {v.stock})
          <input
            inputMode="numeric"
            value={counts[v.colorId] ?? ''}
            readOnly={!editable}
            aria-invalid={counts[v.colorId] !== undefined && !/^\d+$/.test(counts[v.colorId] ?? '')}
            onChange={(ev) => setCounts({ ...counts, [v.colorId]: ev.target.value.trim() })}
          />
        </label>
      ))}
      {bad && <p className="admin-error">Each count is a whole number of units, 0 or more.</p>}
      <Said message={message} />
      {editable && (
        <button type="submit" disabled={saving.loading || bad || changes.length === 0}>
          Save stock
        </button>
      )}
    </form>
  );
}
