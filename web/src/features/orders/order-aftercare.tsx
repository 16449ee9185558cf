import { lazy, Suspense, useState } from 'react';
import { toast } from 'react-hot-toast/headless';
import type { OrderStatus, RefundState, ReturnStatus } from '../../__generated__/schema-enums';
import { formatRupees } from '../../components/price';
import { formatDay, useShopTimeZone } from '../../lib/format-date';
import type { MyOrderFragment } from './__generated__/orders';
import { useCancelOrderMutation } from './__generated__/cancel-order';
import { TaxDocuments } from './tax-documents';
import { errorMessage, REASONS } from './return-reasons';

// The return form and its form libraries load only when the shopper opens it (My Orders itself has no form).
const ReturnForm = lazy(() => import('./return-form').then((m) => ({ default: m.ReturnForm })));

// After the sale, on My Orders (additions to the spec's screen; its texts stay): where the order is, the
// parcel's tracking, refunds and returns, and Cancel order / Request a return while they are allowed.

export const STATUS_LABEL: Record<OrderStatus, string> = {
  ORDERED: 'Ordered',
  PROCESSED: 'Processed',
  SHIPPED: 'Shipped',
  OUT_FOR_DELIVERY: 'Out For Delivery',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
};
const REFUND_LABEL: Record<RefundState, string> = {
  REQUESTED: 'on its way',
  PENDING: 'on its way',
  PROCESSED: 'refunded',
  FAILED: 'delayed: we are looking into it',
};
const RETURN_LABEL: Record<ReturnStatus, string> = {
  REQUESTED: 'Return requested: we will e-mail you our answer',
  APPROVED: 'Return approved: please send the items back',
  REJECTED: 'Return not approved',
  RECEIVED: 'Return received: your refund is on its way',
  REFUNDED: 'Return refunded',
};

function Tracker({ order }: { order: MyOrderFragment }) {
  const timeZone = useShopTimeZone();
  if (order.status === 'CANCELLED') {
    return <p className="order-cancelled">Cancelled{order.cancelledAt ? ` on ${formatDay(order.cancelledAt, timeZone)}` : ''}</p>;
  }
  return (
    <ol className="order-steps" aria-label={`Where order ${order.number} is`}>
      {order.steps.map((s) => (
        <li key={s.status} className={s.reached ? 'reached' : undefined} aria-current={s.current ? 'step' : undefined}>
          {STATUS_LABEL[s.status]}
        </li>
      ))}
    </ol>
  );
}

/** The order's life after it was paid, and what the shopper may do about it now. */
export function OrderAftercare({ order }: { order: MyOrderFragment }) {
  const timeZone = useShopTimeZone();
  const [cancelOrder, cancelling] = useCancelOrderMutation();
  const [confirming, setConfirming] = useState(false);
  const [returning, setReturning] = useState(false);
  const cancel = async () => {
    try {
      await cancelOrder({ variables: { id: order.id } });
      toast.success('Your order is cancelled. We are refunding your payment.');
      setConfirming(false);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const lineTitle = (itemId: string) => order.items.find((i) => i.id === itemId)?.title ?? '';
  return (
    <div className="order-aftercare">
      <Tracker order={order} />
      {order.shipment && (
        <p className="order-shipment">
          Shipped with {order.shipment.carrier} · tracking number {order.shipment.trackingNumber}
          {order.shipment.trackingUrl && (
            <>
              {' · '}
              <a href={order.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                Track your parcel
              </a>
            </>
          )}
        </p>
      )}
      <TaxDocuments documents={order.taxDocuments} />
      {order.refunds.map((r) => (
        <p key={r.id} className="order-refund">
          Refund of {formatRupees(r.amount)} {REFUND_LABEL[r.state]} ({r.reason})
        </p>
      ))}
      {order.returns.map((r) => (
        <div key={r.id} className="order-return">
          <p>
            {RETURN_LABEL[r.status]}: {r.lines.map((l) => `${lineTitle(l.itemId)} × ${l.quantity}`).join(', ')} ({REASONS[r.reason]})
          </p>
          {r.note && <p>Our note: {r.note}</p>}
          {r.complaintTicket && <p>Complaint ticket: {r.complaintTicket}</p>}
        </div>
      ))}
      <div className="order-actions">
        {order.canCancel &&
          (confirming ? (
            <span role="group" aria-label="Cancel this order?">
              <button type="button" className="button" disabled={cancelling.loading} onClick={() => void cancel()}>
                Yes, cancel the order
              </button>{' '}
              <button type="button" className="button secondary" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </span>
          ) : (
            <button type="button" className="button secondary" onClick={() => setConfirming(true)}>
              Cancel order
            </button>
          ))}
        {order.returnUntil && !returning && (
          <button type="button" className="button secondary" onClick={() => setReturning(true)}>
            Request a return
          </button>
        )}
        {order.returnUntil && <span className="order-return-until">Returns accepted until {formatDay(order.returnUntil, timeZone)}</span>}
      </div>
      {returning && order.returnUntil && (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <ReturnForm order={order} onDone={() => setReturning(false)} />
        </Suspense>
      )}
    </div>
  );
}
