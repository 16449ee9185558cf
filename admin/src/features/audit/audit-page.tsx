import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '../../components/data-table';
import { useState } from 'react';
import { problem, when } from '../../lib/format';
import { type AuditLogQuery, useAuditLogQuery } from './__generated__/audit';
import { useAuditCsvLazyQuery } from './__generated__/audit-csv';
import { actionWords, AUDIT_KINDS, changeWords } from './audit-words';

type Row = AuditLogQuery['auditLog'][number];
const column = createColumnHelper<Row>();
const columns = [
  column.accessor('at', { header: 'When', cell: (c) => when(c.getValue()) }),
  column.accessor((r) => r.actor.label ?? r.actor.kind, { id: 'actor', header: 'Who' }),
  column.accessor((r) => actionWords(r.action), { id: 'action', header: 'What' }),
  column.accessor((r) => (r.subjectKind ? `${r.subjectKind} ${r.subjectId?.slice(0, 8) ?? ''}` : ''), { id: 'subject', header: 'Record' }),
  column.display({
    id: 'change',
    header: 'Change',
    cell: (c) => {
      const lines = changeWords(c.row.original.before, c.row.original.after);
      return lines.length === 0 ? (
        ''
      ) : lines.length === 1 ? (
        lines[0]
      ) : (
        <ul className="admin-change">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      );
    },
  }),
  column.accessor('address', { header: 'From' }),
];

/**
 * Who did what to which record, newest first, in words (audit-words.ts); filtered by a kind chosen from a list
 * (one kind, or all of an area's); every row kept for good (the database refuses changes).
 */
export function AuditPage() {
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // Who looked this person up: the api keys the words as it keyed each look-up's query (the trail keeps no query).
  const [searchedFor, setSearchedFor] = useState('');
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const lookedUp = searchedFor.trim();
  const filter =
    action || from || to || lookedUp
      ? {
          ...(action ? { action } : {}),
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
          ...(lookedUp ? { searchedFor: lookedUp } : {}),
        }
      : null;
  const { data, error, loading } = useAuditLogQuery({ variables: { filter, pageSize: 100 } });
  const [exportCsv, exporting] = useAuditCsvLazyQuery({ fetchPolicy: 'network-only' });
  const download = async () => {
    setExportProblem(null);
    const result = await exportCsv({ variables: { filter } });
    if (result.error || result.data?.auditCsv === undefined) {
      setExportProblem(problem(result.error) ?? 'The export failed');
      return;
    }
    const url = URL.createObjectURL(new Blob([result.data.auditCsv], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `audit-${new Date().toISOString().slice(0, 10)}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section>
      <h1>Audit trail</h1>
      <div className="admin-filters">
        <label>
          Kind
          <select value={action} onChange={(e) => setAction(e.target.value)}>
            <option value="">Every kind</option>
            {AUDIT_KINDS.map((k) => (
              <optgroup key={k.prefix} label={k.area}>
                <option value={k.prefix}>All of {k.area.toLowerCase()}</option>
                {Object.entries(k.actions).map(([code, words]) => (
                  <option key={code} value={code}>
                    {words}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label>
          Looked up
          <input type="search" value={searchedFor} placeholder="E-mail, phone or name" onChange={(e) => setSearchedFor(e.target.value)} />
        </label>
        <label>
          From
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button type="button" disabled={exporting.loading} onClick={() => void download()}>
          Export CSV
        </button>
      </div>
      {exportProblem && (
        <p className="admin-error" role="alert">
          {exportProblem}
        </p>
      )}
      {error && <p role="alert">{problem(error)}</p>}
      <DataTable
        rows={data?.auditLog ?? []}
        columns={columns}
        caption={loading && !data ? 'Loading…' : `${data?.auditLog.length ?? 0} most recent rows`}
      />
    </section>
  );
}
