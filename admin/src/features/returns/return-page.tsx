import { orderNumber } from '@digitic/shop-rules/order-lifecycle';
import { LinesTable } from '../../components/lines-table';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useOutletContext, useParams } from 'react-router-dom';
import { z } from 'zod';
import type { ReturnStatus } from '../../__generated__/types';
import { NoRecord } from '../../components/no-record';
import { may, type Signed } from '../../lib/authorization';
import { paise, problem, RETURN_LABEL, rupees, when } from '../../lib/format';
import { useMoveReturnMutation } from './__generated__/move-return';
import { useRefundReturnMutation } from './__generated__/refund-return';
import { useReturnQuery } from './__generated__/return';

const DecisionSchema = z.object({ note: z.string().trim().max(1000, 'At most 1000 characters') });
const VERB: Partial<Record<ReturnStatus, string>> = { APPROVED: 'Approve', REJECTED: 'Reject', RECEIVED: 'Mark received' };

/** One return: what goes back and why; approve or reject it (the shopper is told, with the note), receive it, refund it. */
export function ReturnPage() {
  const { id = '' } = useParams();
  const me = useOutletContext<Signed>();
  const { data, error, loading } = useReturnQuery({ variables: { id } });
  const [move, moving] = useMoveReturnMutation();
  const [refund, refunding] = useRefundReturnMutation();
  const [restock, setRestock] = useState(true);
  const [refused, setRefused] = useState<string | null>(null);
  const form = useForm<z.infer<typeof DecisionSchema>>({ resolver: zodResolver(DecisionSchema), defaultValues: { note: '' } });
  const r = data?.return;
  if (error || !r)
    return <NoRecord loading={loading && !r} error={error} missing="No such return." link={{ to: '/returns', text: 'All returns' }} />;
  const go = (to: ReturnStatus) =>
    form.handleSubmit(async ({ note }) => {
      setRefused(null);
      if (to === 'REJECTED' && !note) {
        form.setError('note', { message: 'Say why it is rejected: the shopper is told' });
        return;
      }
      try {
        await move({ variables: { input: { returnId: r.id, to, version: r.version, note: note || null } } });
        form.reset({ note: '' });
      } catch (err) {
        setRefused(problem(err));
      }
    });
  const moves = r.nextStatuses.filter((s) => s !== 'REFUNDED');
  const value = r.lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  return (
    <article>
      <p>
        <Link to="/returns">← Returns</Link> · <Link to={`/orders/${r.orderId}`}>Order {orderNumber(r.orderId)}</Link>
      </p>
      <h1>Return · {RETURN_LABEL[r.status]}</h1>
      <p>
        Asked {when(r.createdAt)} by {r.customer.name} ({r.customer.email}): {r.reason}
        {r.comment ? `. “${r.comment}”` : ''}
      </p>
      <LinesTable
        caption="To come back"
        quantityHeader="Units"
        lines={r.lines.map((l) => ({ ...l, key: l.itemId }))}
        last={{ header: 'Paid each', cell: (l) => rupees(l.price) }}
      />
      {r.decisionNote && <p>Our note: {r.decisionNote}</p>}
      {r.refund && (
        <p>
          Refund {paise(r.refund.amountPaise)} ({r.refund.state.toLowerCase()}){r.restocked ? ', units back in stock' : ''}
        </p>
      )}
      {refused && (
        <p className="admin-error" role="alert">
          {refused}
        </p>
      )}
      {may(me, 'returns:manage') && moves.length > 0 && (
        <form onSubmit={(e) => e.preventDefault()} noValidate aria-labelledby="decide-heading">
          <h2 id="decide-heading">{r.status === 'REQUESTED' ? 'Decide' : 'The parcel'}</h2>
          {r.status === 'REQUESTED' && (
            <label>
              Note to the shopper (needed to reject)
              <textarea {...form.register('note')} aria-invalid={Boolean(form.formState.errors.note)} />
            </label>
          )}
          {form.formState.errors.note && <p className="admin-error">{form.formState.errors.note.message}</p>}
          {moves.map((s) => (
            <button key={s} type="button" disabled={moving.loading} onClick={() => void go(s)()}>
              {VERB[s] ?? s}
            </button>
          ))}
        </form>
      )}
      {may(me, 'orders:refund') && r.status === 'RECEIVED' && (
        <section aria-labelledby="refund-heading">
          <h2 id="refund-heading">Refund the return</h2>
          <label className="admin-check">
            <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} />
            Put the units back in stock
          </label>
          <button
            type="button"
            disabled={refunding.loading}
            onClick={() => {
              setRefused(null);
              refund({ variables: { returnId: r.id, version: r.version, restock } }).catch((err: unknown) => setRefused(problem(err)));
            }}
          >
            Refund {rupees(value)}
          </button>
        </section>
      )}
    </article>
  );
}
