import { LinesTable } from '../../components/lines-table';
import { useState } from 'react';
import { Link, useOutletContext, useParams } from 'react-router-dom';
import type { OrderStatus } from '../../__generated__/types';
import { may, type Signed } from '../../lib/authorization';
import { paise, problem, RETURN_LABEL, rupees, STATUS_LABEL, when } from '../../lib/format';
import { OrderMoney } from './order-money';
import { useAddOrderNoteMutation } from './__generated__/add-order-note';
import { useMoveOrderMutation } from './__generated__/move-order';
import { useOrderQuery } from './__generated__/order';

/** One order: lines, totals, address, payment, its timeline with who did what, and the moves the api allows next. */
export function OrderPage() {
  const { id = '' } = useParams();
  const me = useOutletContext<Signed>();
  const { data, error, loading } = useOrderQuery({ variables: { id } });
  const [move, moving] = useMoveOrderMutation();
  const [addNote, noting] = useAddOrderNoteMutation();
  const [shipment, setShipment] = useState({ carrier: '', trackingNumber: '', trackingUrl: '' });
  const [note, setNote] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const order = data?.order;
  if (loading && !order) return <p>Loading…</p>;
  if (error) return <p role="alert">{problem(error)}</p>;
  if (!order)
    return (
      <p>
        No such order. <Link to="/orders">All orders</Link>
      </p>
    );

  const go = async (to: OrderStatus) => {
    setRefused(null);
    try {
      await move({
        variables: {
          input: {
            orderId: order.id,
            to,
            version: order.version,
            ...(to === 'SHIPPED'
              ? {
                  shipment: {
                    carrier: shipment.carrier,
                    trackingNumber: shipment.trackingNumber,
                    trackingUrl: shipment.trackingUrl || null,
                  },
                }
              : {}),
          },
        },
      });
    } catch (err) {
      setRefused(problem(err));
    }
  };
  // Cancelling refunds the payment: its own action (OrderMoney), not a status move.
  const moves = order.nextStatuses.filter((s) => s !== 'CANCELLED');
  return (
    <article className="admin-order">
      <p>
        <Link to="/orders">← Orders</Link>
      </p>
      <h1>
        Order {order.id.slice(0, 8)} · {STATUS_LABEL[order.status]}
      </h1>
      <p>
        Placed {when(order.createdAt)} by {order.customer.name} ({order.customer.email}
        {order.customer.mobile ? `, ${order.customer.mobile}` : ''})
      </p>
      <LinesTable
        caption="Lines"
        lines={order.lines.map((l) => ({ ...l, key: l.id }))}
        last={{ header: 'Price', cell: (l) => rupees(l.price) }}
      />
      <p>
        Total {rupees(order.total)}
        {order.couponCode ? ` · coupon ${order.couponCode} took off ${rupees(order.discount)}` : ''} · paid{' '}
        {rupees(order.payment.amountPaid)} on {when(order.payment.paidAt)} (payment {order.payment.providerPaymentId})
      </p>
      <address>
        {order.address.firstname} {order.address.lastname}, {order.address.address}
        {order.address.other ? `, ${order.address.other}` : ''}, {order.address.city}, {order.address.state} {order.address.pincode},{' '}
        {order.address.country}
      </address>
      {order.shipment && (
        <p>
          Shipped with {order.shipment.carrier}, tracking {order.shipment.trackingNumber}
          {order.shipment.trackingUrl && (
            <>
              {' '}
              (<a href={order.shipment.trackingUrl}>tracking page</a>)
            </>
          )}
        </p>
      )}
      <p>
        <Link to={`/orders/${order.id}/packing-slip`}>Packing slip</Link>
      </p>

      {may(me, 'orders:fulfil') && moves.length > 0 && (
        <section aria-labelledby="move-heading">
          <h2 id="move-heading">Move the order</h2>
          {moves.includes('SHIPPED') && (
            <fieldset>
              <legend>The parcel</legend>
              <label>
                Carrier
                <input value={shipment.carrier} onChange={(e) => setShipment({ ...shipment, carrier: e.target.value })} />
              </label>
              <label>
                Tracking number
                <input value={shipment.trackingNumber} onChange={(e) => setShipment({ ...shipment, trackingNumber: e.target.value })} />
              </label>
              <label>
                Tracking link
                <input
                  type="url"
                  value={shipment.trackingUrl}
                  onChange={(e) => setShipment({ ...shipment, trackingUrl: e.target.value })}
                />
              </label>
            </fieldset>
          )}
          {moves.map((s) => (
            <button key={s} type="button" disabled={moving.loading} onClick={() => void go(s)}>
              Mark {STATUS_LABEL[s]}
            </button>
          ))}
        </section>
      )}
      {refused && (
        <p className="admin-error" role="alert">
          {refused}
        </p>
      )}

      <OrderMoney order={order} me={me} />

      {order.returns.length > 0 && (
        <section aria-labelledby="returns-heading">
          <h2 id="returns-heading">Returns</h2>
          <ul>
            {order.returns.map((r) => (
              <li key={r.id}>
                <Link to={`/returns/${r.id}`}>
                  {RETURN_LABEL[r.status]}: {r.units} unit{r.units === 1 ? '' : 's'}, {r.reason}
                </Link>{' '}
                · {when(r.createdAt)}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">Timeline</h2>
        <ol className="admin-timeline">
          {order.timeline.map((e) => (
            <li key={e.id}>
              <time dateTime={e.at}>{when(e.at)}</time> · {describe(e)} ·{' '}
              <span className="admin-actor">{e.actor.label ?? e.actor.kind}</span>
            </li>
          ))}
        </ol>
        {may(me, 'orders:annotate') && (
          <form
            onSubmit={(ev) => {
              ev.preventDefault();
              setRefused(null);
              addNote({ variables: { orderId: order.id, note } }).then(
                () => setNote(''),
                (err: unknown) => setRefused(problem(err)),
              );
            }}
          >
            <label>
              Internal note
              <textarea value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
            </label>
            <button type="submit" disabled={noting.loading || !note.trim()}>
              Add note
            </button>
          </form>
        )}
      </section>
    </article>
  );
}

function describe(e: { kind: string; from?: string | null; to?: string | null; detail: unknown }): string {
  const detail = (e.detail ?? {}) as {
    note?: string;
    shipment?: { carrier: string; trackingNumber: string };
    amountPaise?: number;
    reason?: string;
    state?: string;
    email?: string;
    error?: string;
  };
  if (e.kind === 'placed') return 'Paid and ordered';
  if (e.kind === 'status')
    return `${e.from} → ${e.to}${detail.shipment ? ` (${detail.shipment.carrier} ${detail.shipment.trackingNumber})` : ''}${detail.note ? `: ${detail.note}` : ''}`;
  if (e.kind === 'note') return `Note: ${detail.note ?? ''}`;
  if (e.kind === 'refund') {
    const amount = detail.amountPaise !== undefined ? paise(detail.amountPaise) : '';
    if (detail.state === 'requested') return `Refund of ${amount} asked${detail.reason ? `: ${detail.reason}` : ''}`;
    return `Refund of ${amount} ${detail.state ?? ''}${detail.error ? ` (${detail.error})` : ''}`;
  }
  if (e.kind === 'email') return `E-mailed the shopper: ${detail.email ?? ''}`;
  if (e.kind === 'return') return `Return ${e.from ? `${e.from} → ` : ''}${e.to ?? ''}${detail.note ? `: ${detail.note}` : ''}`;
  return e.kind;
}
