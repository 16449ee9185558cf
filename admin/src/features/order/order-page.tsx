import { useState } from 'react';
import { Link, useOutletContext, useParams } from 'react-router-dom';
import type { OrderStatus } from '../../__generated__/types';
import { may, type Signed } from '../../lib/authorization';
import { problem, rupees, STATUS_LABEL, when } from '../../lib/format';
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
  // Cancelling refunds the payment: its own action, in the next part of the desk.
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
      <table className="admin-table">
        <caption>Lines</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Colour</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.id}>
              <td>{l.title}</td>
              <td>{l.color}</td>
              <td>{l.quantity}</td>
              <td>{rupees(l.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Total {rupees(order.total)} · paid {rupees(order.payment.amountPaid)} on {when(order.payment.paidAt)} (payment{' '}
        {order.payment.providerPaymentId})
      </p>
      <address>
        {order.address.firstname} {order.address.lastname}, {order.address.address}
        {order.address.other ? `, ${order.address.other}` : ''}, {order.address.city}, {order.address.state} {order.address.pincode},{' '}
        {order.address.country}
      </address>
      {order.shipment && (
        <p>
          Shipped with {order.shipment.carrier}, tracking {order.shipment.trackingNumber}
        </p>
      )}

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
  const detail = (e.detail ?? {}) as { note?: string; shipment?: { carrier: string; trackingNumber: string } };
  if (e.kind === 'placed') return 'Paid and ordered';
  if (e.kind === 'status')
    return `${e.from} → ${e.to}${detail.shipment ? ` (${detail.shipment.carrier} ${detail.shipment.trackingNumber})` : ''}`;
  if (e.kind === 'note') return `Note: ${detail.note ?? ''}`;
  return e.kind;
}
