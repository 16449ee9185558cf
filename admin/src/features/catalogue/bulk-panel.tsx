import { useState } from 'react';
import type { CatalogueProductsQueryVariables } from './__generated__/products';

type CatalogueFilter = NonNullable<CatalogueProductsQueryVariables['filter']>;
import { csrfToken } from '../../lib/apollo';
import { problem, rupees } from '../../lib/format';
import { useBulkEditProductsMutation } from './__generated__/bulk-edit';

interface ImportReport {
  dryRun: boolean;
  errors: { line: number; message: string }[];
  changes: { line: number; title: string; action: 'create' | 'update' | 'unchanged'; fields: string[] }[];
  written: { products: { created: number; updated: number } } | null;
  message?: string;
}

/** The selection's CSV, a CSV in (checked first with a dry run), and a price or stock change on the whole selection. */
export function BulkPanel({ filter, onChanged }: { filter: CatalogueFilter; onChanged: () => void }) {
  const query = new URLSearchParams({
    status: (filter.status ?? 'ACTIVE').toLowerCase(),
    ...(filter.search ? { q: filter.search } : {}),
  });
  return (
    <section aria-labelledby="bulk-title">
      <h2 id="bulk-title">Many at once</h2>
      <p>
        <a href={`/admin/files/catalogue.csv?${query.toString()}`} download="catalogue.csv">
          Export these products as CSV
        </a>{' '}
        (the columns the import reads: edit it in a spreadsheet and import it back).
      </p>
      <ImportForm onChanged={onChanged} />
      <BulkEditForm filter={filter} onChanged={onChanged} />
    </section>
  );
}

function ImportForm({ onChanged }: { onChanged: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setReport(null);
    try {
      const res = await fetch(`/admin/files/catalogue-import?dryRun=${dryRun}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'text/csv', ...(csrfToken() ? { 'X-CSRF-Token': csrfToken() as string } : {}) },
        body: file,
      });
      const body = (await res.json()) as ImportReport;
      setReport(body);
      if (!dryRun && res.ok) onChanged();
    } catch (err) {
      setReport({ dryRun, errors: [{ line: 0, message: problem(err) ?? 'The file could not be sent' }], changes: [], written: null });
    } finally {
      setBusy(false);
    }
  };
  const counts = report ? (['create', 'update', 'unchanged'] as const).map((a) => report.changes.filter((c) => c.action === a).length) : [];
  return (
    <form aria-label="Import a CSV" onSubmit={(e) => e.preventDefault()}>
      <h3>Import a CSV</h3>
      <label>
        The file (CSV, at most 10 MB)
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => {
            // A new file is checked again before it can be imported.
            setFile(e.target.files?.[0] ?? null);
            setReport(null);
          }}
        />
      </label>
      <button type="button" disabled={!file || busy} onClick={() => void send(true)}>
        Check what it would change
      </button>{' '}
      <button
        type="button"
        disabled={!file || busy || !report || !report.dryRun || report.errors.length > 0}
        onClick={() => void send(false)}
      >
        Import it
      </button>
      {report?.message && (
        <p className="admin-error" role="alert">
          {report.message}
        </p>
      )}
      {report && report.errors.length > 0 && (
        <div role="alert">
          <p className="admin-error">Nothing was imported: the file has problems.</p>
          <ul>
            {report.errors.map((e) => (
              <li key={`${e.line}:${e.message}`}>{e.line ? `Line ${e.line}: ${e.message}` : e.message}</li>
            ))}
          </ul>
        </div>
      )}
      {report && report.errors.length === 0 && !report.message && (
        <div role="status">
          <p>
            {report.dryRun ? 'It would make' : 'Imported:'} {counts[0]} new, {counts[1]} changed, {counts[2]} unchanged.
          </p>
          <ul>
            {report.changes
              .filter((c) => c.action !== 'unchanged')
              .slice(0, 50)
              .map((c) => (
                <li key={c.line}>
                  Line {c.line}: {c.title} {c.action === 'create' ? '(new)' : `(${c.fields.join(', ')})`}
                </li>
              ))}
          </ul>
        </div>
      )}
    </form>
  );
}

function BulkEditForm({ filter, onChanged }: { filter: CatalogueFilter; onChanged: () => void }) {
  const [bulkEdit, { loading }] = useBulkEditProductsMutation();
  const [percent, setPercent] = useState('');
  const [addStock, setAddStock] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string; sample?: { title: string; price: number; newPrice: number }[] } | null>(
    null,
  );
  // The change the last preview showed: "Change them" makes that one, after it was seen.
  const [previewed, setPreviewed] = useState<string | null>(null);
  const asked = JSON.stringify([filter, percent.trim(), addStock.trim()]);
  const input = (dryRun: boolean) => ({
    filter,
    ...(percent.trim() ? { pricePercent: Number(percent) } : {}),
    ...(addStock.trim() ? { addStock: Number(addStock) } : {}),
    dryRun,
  });
  const run = (dryRun: boolean) => {
    setResult(null);
    bulkEdit({ variables: { input: input(dryRun) } }).then(
      ({ data }) => {
        const r = data?.bulkEditProducts;
        if (!r) return;
        setResult({
          ok: true,
          text: r.dryRun ? `This would change ${r.products} products.` : `Changed ${r.products} products.`,
          sample: r.sample,
        });
        if (r.dryRun) setPreviewed(asked);
        else {
          setPreviewed(null);
          onChanged();
        }
      },
      (err: unknown) => setResult({ ok: false, text: problem(err) ?? 'Nothing was changed' }),
    );
  };
  return (
    <form aria-label="Change the listed products" onSubmit={(e) => e.preventDefault()}>
      <h3>Change every product listed</h3>
      <label>
        Prices by this percentage (-10 takes a tenth off)
        <input inputMode="decimal" value={percent} onChange={(e) => setPercent(e.target.value)} />
      </label>
      <label>
        Units added to each colour's stock (negative to take)
        <input inputMode="numeric" value={addStock} onChange={(e) => setAddStock(e.target.value)} />
      </label>
      <button type="button" disabled={loading} onClick={() => run(true)}>
        Preview
      </button>{' '}
      <button type="button" disabled={loading || previewed !== asked} onClick={() => run(false)}>
        Change them
      </button>
      {result && (
        <div role={result.ok ? 'status' : 'alert'}>
          <p className={result.ok ? undefined : 'admin-error'}>{result.text}</p>
          {result.sample && result.sample.length > 0 && (
            <ul>
              {result.sample.map((s) => (
                <li key={s.title}>
                  {s.title}: {rupees(s.price)}
                  {s.newPrice !== s.price ? ` → ${rupees(s.newPrice)}` : ''}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
