import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AssigneeFilter, EnquiryFilter } from '../../__generated__/types';
import { DataTable } from '../../components/data-table';
import { Pager, useFilterParams } from '../../components/pager';
import { problem, when } from '../../lib/format';
import { type EnquiriesQuery, useEnquiriesQuery } from './__generated__/enquiries';
import { ENQUIRY_STATUS_LABEL } from './enquiry-words';

type Row = EnquiriesQuery['enquiries']['items'][number];
const column = createColumnHelper<Row>();
const columns = [
  column.accessor('createdAt', { header: 'Sent', cell: (c) => when(c.getValue()) }),
  column.accessor('name', {
    header: 'From',
    cell: (c) => (
      <Link to={`/enquiries/${c.row.original.id}`}>
        {c.getValue()} ({c.row.original.email})
      </Link>
    ),
  }),
  column.accessor('excerpt', { header: 'Message' }),
  column.accessor('status', { header: 'Status', cell: (c) => ENQUIRY_STATUS_LABEL[c.getValue()] }),
  column.accessor('assignee', { header: 'Answered by', cell: (c) => c.getValue()?.name ?? 'Nobody yet' }),
];
const PAGE_SIZE = 25;

/** The enquiries inbox: open ones first (not resolved), yours or nobody's, by e-mail, name or words. */
export function EnquiriesPage() {
  const { params, set, page } = useFilterParams();
  const status = (params.get('status') as EnquiryFilter | null) ?? 'OPEN';
  const assignee = (params.get('assignee') as AssigneeFilter | null) ?? null;
  const search = params.get('q') ?? '';
  const [typed, setTyped] = useState(search);
  const { data, error, loading } = useEnquiriesQuery({
    variables: { status, page, pageSize: PAGE_SIZE, ...(assignee ? { assignee } : {}), ...(search ? { search } : {}) },
    fetchPolicy: 'cache-and-network',
  });
  const total = data?.enquiries.total ?? 0;
  return (
    <section>
      <h1>Enquiries</h1>
      <form
        className="admin-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          set('q', typed.trim() || null);
        }}
      >
        <label>
          Showing
          <select value={status} onChange={(e) => set('status', e.target.value === 'OPEN' ? null : e.target.value)}>
            <option value="OPEN">Open</option>
            <option value="SUBMITTED">Submitted</option>
            <option value="CONTACTED">Contacted</option>
            <option value="IN_PROGRESS">In Progress</option>
            <option value="RESOLVED">Resolved</option>
            <option value="ALL">All</option>
          </select>
        </label>
        <label>
          Whose
          <select value={assignee ?? ''} onChange={(e) => set('assignee', e.target.value || null)}>
            <option value="">Everyone's</option>
            <option value="ME">Mine</option>
            <option value="NOBODY">Nobody's yet</option>
          </select>
        </label>
        <label>
          E-mail, name or words
          <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <button type="submit">Search</button>
      </form>
      {error && <p role="alert">{problem(error)}</p>}
      <DataTable
        rows={data?.enquiries.items ?? []}
        columns={columns}
        caption={loading && !data ? 'Loading enquiries…' : `${total} enquir${total === 1 ? 'y' : 'ies'}`}
      />
      <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={(n) => set('page', String(n))} />
    </section>
  );
}
