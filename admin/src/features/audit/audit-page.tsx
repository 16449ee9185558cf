import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '../../components/data-table';
import { useState } from 'react';
import { problem, when } from '../../lib/format';
import { type AuditLogQuery, useAuditLogQuery } from './__generated__/audit';

type Row = AuditLogQuery['auditLog'][number];
const column = createColumnHelper<Row>();
const columns = [
  column.accessor('at', { header: 'When', cell: (c) => when(c.getValue()) }),
  column.accessor((r) => r.actor.label ?? r.actor.kind, { id: 'actor', header: 'Who' }),
  column.accessor('action', { header: 'What' }),
  column.accessor((r) => (r.subjectKind ? `${r.subjectKind} ${r.subjectId?.slice(0, 8) ?? ''}` : ''), { id: 'subject', header: 'Record' }),
  column.accessor((r) => JSON.stringify(r.after ?? r.before ?? ''), { id: 'change', header: 'Change' }),
  column.accessor('address', { header: 'From' }),
];

/** Who did what to which record, newest first; filtered by action; every row kept for good (the database refuses changes). */
export function AuditPage() {
  const [action, setAction] = useState('');
  const { data, error, loading } = useAuditLogQuery({ variables: { filter: action ? { action } : null, pageSize: 100 } });
  return (
    <section>
      <h1>Audit trail</h1>
      <label>
        Action (e.g. order.status, or order. for all of an order’s)
        <input value={action} onChange={(e) => setAction(e.target.value.trim())} />
      </label>
      {error && <p role="alert">{problem(error)}</p>}
      <DataTable
        rows={data?.auditLog ?? []}
        columns={columns}
        caption={loading && !data ? 'Loading…' : `${data?.auditLog.length ?? 0} most recent rows`}
      />
    </section>
  );
}
