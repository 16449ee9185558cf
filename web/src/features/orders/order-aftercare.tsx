import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast/headless';
import { z } from 'zod';
import type { OrderStatus, RefundState, ReturnReason, ReturnStatus } from '../../__generated__/schema-enums';
import { formatRupees } from '../../components/price';
import type { MyOrderFragment } from './__generated__/orders';
import { useCancelOrderMutation } from './__generated__/cancel-order';
import { useRequestReturnMutation } from './__generated__/request-return';

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
export const REASONS: Record<ReturnReason, string> = {
  DAMAGED_OR_DEFECTIVE: 'Damaged or defective',
  NOT_AS_DESCRIBED: 'Not as described',
  WRONG_ITEM_OR_COLOUR: 'Wrong item or colour',
  NO_LONGER_NEEDED: 'No longer needed',
  OTHER: 'Other',
};
const day = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });
const message = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Something Went Wrong!');

const ReturnSchema = z.object({
  reason: z.enum(Object.keys(REASONS) as [ReturnReason, ...ReturnReason[]], { error: 'Choose a reason' }),
  comment: z.string().trim().max(1000, 'At most 1000 characters'),
  units: z
    .record(z.string(), z.coerce.number<string | number>().int().min(0))
    .refine((units) => Object.values(units).some((q) => q > 0), 'Choose at least one item to return'),
});
type ReturnValues = z.infer<typeof ReturnSchema>;

function Tracker({ order }: { order: MyOrderFragment }) {
  if (order.status === 'CANCELLED') {
    return <p className="order-cancelled">Cancelled{order.cancelledAt ? ` on ${day(order.cancelledAt)}` : ''}</p>;
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

function ReturnForm({ order, onDone }: { order: MyOrderFragment; onDone: () => void }) {
  const [requestReturn, { loading }] = useRequestReturnMutation();
  const { register, handleSubmit, formState } = useForm<z.input<typeof ReturnSchema>, unknown, ReturnValues>({
    resolver: zodResolver(ReturnSchema),
    defaultValues: { reason: undefined, comment: '', units: Object.fromEntries(order.items.map((i) => [i.id, 0])) },
  });
  const onSubmit = handleSubmit(async (v) => {
    const lines = Object.entries(v.units)
      .filter(([, q]) => q > 0)
      .map(([itemId, quantity]) => ({ itemId, quantity }));
    try {
      await requestReturn({ variables: { input: { orderId: order.id, lines, reason: v.reason, comment: v.comment || null } } });
      toast.success('Your return request is sent. We will e-mail you our answer.');
      onDone();
    } catch (err) {
      toast.error(message(err));
    }
  });
  const e = formState.errors;
  // The refinement's message sits on the units record itself.
  const units = e.units as { message?: string; root?: { message?: string } } | undefined;
  const unitsProblem = units?.message ?? units?.root?.message;
  return (
    <form
      className="order-return-form"
      onSubmit={(ev) => void onSubmit(ev)}
      noValidate
      aria-label={`Return items of order ${order.number}`}
    >
      <fieldset>
        <legend>Which items, how many</legend>
        {order.items.map((item) => (
          <label key={item.id}>
            {item.title} ({item.color.title})
            <select {...register(`units.${item.id}`)}>
              {Array.from({ length: item.quantity + 1 }, (_, n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        ))}
      </fieldset>
      {unitsProblem && <p className="field-error">{unitsProblem}</p>}
      <label>
        Why
        <select {...register('reason')} aria-invalid={Boolean(e.reason)} defaultValue="">
          <option value="" disabled>
            Choose a reason
          </option>
          {Object.entries(REASONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {e.reason && <p className="field-error">{e.reason.message}</p>}
      <label>
        Anything we should know (optional)
        <textarea maxLength={1000} {...register('comment')} />
      </label>
      {e.comment && <p className="field-error">{e.comment.message}</p>}
      <button type="submit" className="button" disabled={loading}>
        Send return request
      </button>
    </form>
  );
}

/** The order's life after it was paid, and what the shopper may do about it now. */
export function OrderAftercare({ order }: { order: MyOrderFragment }) {
  const [cancelOrder, cancelling] = useCancelOrderMutation();
  const [confirming, setConfirming] = useState(false);
  const [returning, setReturning] = useState(false);
  const cancel = async () => {
    try {
      await cancelOrder({ variables: { id: order.id } });
      toast.success('Your order is cancelled. We are refunding your payment.');
      setConfirming(false);
    } catch (err) {
      toast.error(message(err));
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
        {order.returnUntil && <span className="order-return-until">Returns accepted until {day(order.returnUntil)}</span>}
      </div>
      {returning && order.returnUntil && <ReturnForm order={order} onDone={() => setReturning(false)} />}
    </div>
  );
}
