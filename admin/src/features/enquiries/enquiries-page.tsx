import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import type { AssigneeFilter, EnquiryFilter } from '../../__generated__/types';
import { FilterSelect } from '../../components/list-filters';
import { ListPage, useListParams } from '../../components/list-page';
import { when } from '../../lib/format';
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
  column.accessor('assignee', { header: 'Assigned to', cell: (c) => c.getValue()?.name ?? 'Nobody' }),
  // Who replied is not who is assigned: a reply by anyone shows here, and an assignment does not.
  column.accessor('lastReply', {
    header: 'Last reply',
    cell: (c) => {
      const r = c.getValue();
      return r ? `${r.by}, ${when(r.at)}` : 'Not replied yet';
    },
  }),
];
const SHOWING = [['OPEN', 'Open'], ...Object.entries(ENQUIRY_STATUS_LABEL), ['HELD', 'Held for review'], ['ALL', 'All']] as const;
const WHOSE = [
  ['', "Everyone's"],
  ['ME', 'Mine'],
  ['NOBODY', "Nobody's yet"],
] as const;

/** The enquiries inbox: open ones first (not resolved), yours or nobody's, by e-mail, name or words. */
export function EnquiriesPage() {
  const list = useListParams();
  const status = list.choice<EnquiryFilter>('status', 'OPEN');
  const assignee = list.choice<AssigneeFilter | ''>('assignee', '');
  const query = useEnquiriesQuery({
    variables: { status, ...list.paging, ...(assignee ? { assignee } : {}), ...list.search },
    fetchPolicy: 'cache-and-network',
  });
  return (
    <ListPage
      title="Enquiries"
      search="E-mail, name or words"
      filters={
        <>
          <FilterSelect filters={list} name="status" label="Showing" fallback="OPEN" options={SHOWING} />
          <FilterSelect filters={list} name="assignee" label="Whose" options={WHOSE} />
        </>
      }
      list={list}
      query={query}
      page={(d) => d.enquiries}
      noun={['enquiry', 'enquiries']}
      columns={columns}
    />
  );
}
