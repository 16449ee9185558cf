import { orderNumber } from '@digitic/shop-rules/order-lifecycle';
import { LinesTable } from '../../components/lines-table';
import { useState } from 'react';
import { Link, useOutletContext, useParams } from 'react-router-dom';
import type { OrderStatus } from '../../__generated__/types';
import { may, type Signed } from '../../lib/authorization';
import { NoRecord } from '../../components/no-record';
import { useConfirm } from '../../components/confirm';
import { paise, phone, problem, RETURN_LABEL, rupees, STATUS_LABEL, telHref, when } from '../../lib/format';
import { OrderMoney } from './order-money';
import { useAddOrderNoteMutation } from './__generated__/add-order-note';
import { useMoveOrderMutation } from './__generated__/move-order';
import { useOrderQuery } from './__generated__/order';
import type { OrderWholeFragment } from './__generated__/order-whole';

/** The moves that tell the shopper, asked before they are made: what follows, and whether it can be undone. */
const MOVE_EFFECT: Partial<Record<OrderStatus, { says: string; final?: boolean }>> = {
  SHIPPED: { says: 'The shopper is e-mailed that it is on its way, with the carrier and the tracking number.' },
  DELIVERED: {
    says: 'The shopper is e-mailed that it has arrived, and their time to return it starts. This cannot be undone.',
    final: true,
  },
};

/** One order: lines, totals, address, payment, its timeline with who did what, and the moves the api allows next. */
export function OrderPage() {
  const { id = '' } = useParams();
  const me = useOutletContext<Signed>();
  const { data, error, loading } = useOrderQuery({ variables: { id } });
  const [move, moving] = useMoveOrderMutation();
  const confirm = useConfirm();
  const [addNote, noting] = useAddOrderNoteMutation();
  const [shipment, setShipment] = useState({ carrier: '', trackingNumber: '', trackingUrl: '' });
  const [note, setNote] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const order = data?.order;
  if (error || !order)
    return <NoRecord loading={loading && !order} error={error} missing="No such order." link={{ to: '/orders', text: 'All orders' }} />;

  const go = async (to: OrderStatus) => {
    setRefused(null);
    const effect = MOVE_EFFECT[to];
    if (
      effect &&
      !(await confirm({
        title: `Mark order ${orderNumber(order.id)} ${STATUS_LABEL[to]}?`,
        body: <p>{effect.says}</p>,
        action: `Mark ${STATUS_LABEL[to]}`,
        danger: effect.final,
      }))
    )
      return;
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
        Order {orderNumber(order.id)} · {STATUS_LABEL[order.status]}
      </h1>
      <p>
        Placed {when(order.createdAt)} by {order.customer.name} ({order.customer.email}
        {order.customer.mobile ? `, ${phone(order.customer.mobile)}` : ''})
      </p>
      <LinesTable
        caption="Lines"
        lines={order.lines.map((l) => ({ ...l, key: l.id }))}
        last={{ header: 'Price', cell: (l) => rupees(l.price) }}
      />
      <OrderSums order={order} />
      <p>
        Paid {when(order.payment.paidAt)} (payment {order.payment.providerPaymentId})
      </p>
      <address>
        {order.address.firstname} {order.address.lastname}, {order.address.address}
        {order.address.other ? `, ${order.address.other}` : ''}, {order.address.city}, {order.address.state} {order.address.pincode},{' '}
        {order.address.country}
        <br />
        {order.address.phone ? (
          <>
            Phone for the courier <a href={telHref(order.address.phone)}>{phone(order.address.phone)}</a>
          </>
        ) : (
          <span className="admin-flag">No phone given for the courier</span>
        )}
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
      {order.taxDocuments.length > 0 && (
        <ul className="admin-documents" aria-label="Tax invoice and credit notes">
          {order.taxDocuments.map((d) => (
            <li key={d.id}>
              <a href={d.pdfUrl} download>
                {d.kind === 'INVOICE' ? 'Tax invoice' : 'Credit note'} {d.number} (PDF, {paise(d.totalPaise)})
              </a>
            </li>
          ))}
        </ul>
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
          <div className="admin-actions">
            {moves.map((s) => (
              <button
                key={s}
                type="button"
                className={MOVE_EFFECT[s]?.final ? 'admin-final' : undefined}
                disabled={moving.loading}
                onClick={() => void go(s)}
              >
                Mark {STATUS_LABEL[s]}
              </button>
            ))}
          </div>
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

/**
 * The order's money in one place, each figure once: the lines, shipping (what the total holds beyond the lines),
 * the coupon, what was paid, what has been refunded and what the shop keeps.
 */
function OrderSums({ order }: { order: OrderWholeFragment }) {
  const lines = order.lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const refunded = order.payment.refundedPaise / 100;
  const rows: [string, string][] = [
    ['Subtotal', rupees(lines)],
    ['Shipping', rupees(order.total - lines)],
    ...(order.couponCode ? [[`Coupon ${order.couponCode}`, `− ${rupees(order.discount)}`] as [string, string]] : []),
    ['Total paid', rupees(order.payment.amountPaid)],
    ['Refunded', refunded > 0 ? `− ${rupees(refunded)}` : rupees(0)],
    ['Net', rupees(order.payment.amountPaid - refunded)],
  ];
  return (
    <dl className="admin-sums" aria-label="Money">
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
