import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '../../components/data-table';
import { NoRecord } from '../../components/no-record';
import { when } from '../../lib/format';
import { useComplaintsQuery } from './__generated__/complaints';
import type { ComplaintFieldsFragment } from '../../components/__generated__/complaint-fields';
import { ComplaintDeadlines } from '../../components/complaint-deadlines';

const column = createColumnHelper<ComplaintFieldsFragment>();
const COLUMNS = [
  column.accessor('ticket', {
    header: 'Ticket',
    cell: (c) => {
      const k = c.row.original;
      const to = k.enquiryId ? `/enquiries/${k.enquiryId}` : `/orders/${k.orderId ?? ''}`;
      return <Link to={to}>{c.getValue()}</Link>;
    },
  }),
  column.accessor('source', { header: 'Made with', cell: (c) => (c.getValue() === 'ENQUIRY' ? 'The contact form' : 'A return request') }),
  column.accessor('name', { header: 'Who', cell: (c) => `${c.getValue()} (${c.row.original.email})` }),
  column.accessor('receivedAt', { header: 'Received', cell: (c) => when(c.getValue()) }),
  column.display({ id: 'deadlines', header: 'Where it stands', cell: (c) => <ComplaintDeadlines complaint={c.row.original} /> }),
];

/**
 * Complaints (the E-Commerce Rules, 2020, rule 4(5)): each acknowledged within 48 hours and resolved within a month.
 * A reply to its enquiry (or the return's decision) acknowledges it; Resolved (the refund or the rejection) resolves it.
 */
export function ComplaintsPage() {
  const [overdueOnly, setOverdueOnly] = useState(false);
  const { data, error, loading } = useComplaintsQuery({ variables: { overdue: overdueOnly }, fetchPolicy: 'cache-and-network' });
  const list = data?.complaints;
  return (
    <section>
      <h1>Complaints</h1>
      <p>
        What shoppers sent as a complaint, from the contact form or with a return. The law asks the shop to acknowledge each within 48 hours
        (a reply, or the return's decision) and resolve it within a month (the enquiry resolved, the return refunded or rejected).
      </p>
      <label className="admin-check">
        <input type="checkbox" checked={overdueOnly} onChange={(e) => setOverdueOnly(e.target.checked)} />
        Only those past a deadline
      </label>
      {error || !list ? (
        <NoRecord loading={loading && !list} error={error} missing="The complaints could not be read." />
      ) : (
        <>
          <p role="status">{list.overdue === 0 ? 'None is overdue.' : `${list.overdue} overdue: answer them first.`}</p>
          <DataTable rows={list.complaints} columns={COLUMNS} caption="Complaints, open ones first" />
        </>
      )}
    </section>
  );
}
