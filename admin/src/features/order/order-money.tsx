import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { may, type Signed } from '../../lib/authorization';
import { paise, problem, when } from '../../lib/format';
import type { OrderWholeFragment } from './__generated__/order-whole';
import { useCancelOrderMutation } from './__generated__/cancel-order';
import { useRefundOrderMutation } from './__generated__/refund-order';

const STATE_LABEL: Record<string, string> = {
  REQUESTED: 'Sending to the provider',
  PENDING: 'Pending at the provider',
  PROCESSED: 'Refunded',
  FAILED: 'Refused by the provider',
};

const CancelSchema = z.object({ reason: z.string().trim().min(1, 'Say why: the shopper is told').max(500, 'At most 500 characters') });
const RefundSchema = z.object({
  reason: z.string().trim().min(1, 'Say why: the shopper is told').max(500, 'At most 500 characters'),
  whole: z.boolean(),
  restock: z.boolean(),
  units: z.record(z.string(), z.coerce.number<string | number>().int('Whole units').min(0, 'At least 0')),
});
type RefundValues = z.infer<typeof RefundSchema>;

/** The order's money: its refunds, cancelling it (refunded in full, stock back) and refunds by staff, in full or by lines. */
export function OrderMoney({ order, me }: { order: OrderWholeFragment; me: Signed }) {
  const [cancel, cancelling] = useCancelOrderMutation();
  const [refund, refunding] = useRefundOrderMutation();
  const [refused, setRefused] = useState<string | null>(null);
  const cancelForm = useForm<z.infer<typeof CancelSchema>>({ resolver: zodResolver(CancelSchema), defaultValues: { reason: '' } });
  const refundForm = useForm<z.input<typeof RefundSchema>, unknown, RefundValues>({
    resolver: zodResolver(RefundSchema),
    defaultValues: { reason: '', whole: false, restock: false, units: Object.fromEntries(order.lines.map((l) => [l.id, 0])) },
  });
  const whole = refundForm.watch('whole');
  const canCancel = may(me, 'orders:refund') && order.nextStatuses.includes('CANCELLED');
  const canRefund = may(me, 'orders:refund') && order.payment.leftToRefundPaise > 0;

  const onCancel = cancelForm.handleSubmit(async ({ reason }) => {
    setRefused(null);
    if (
      !window.confirm(
        `Cancel order ${order.id.slice(0, 8)}? The shopper is refunded ${paise(order.payment.leftToRefundPaise)} and e-mailed.`,
      )
    )
      return;
    await cancel({ variables: { orderId: order.id, version: order.version, reason } }).catch((err: unknown) => setRefused(problem(err)));
  });
  const onRefund = refundForm.handleSubmit(async (v) => {
    setRefused(null);
    const lines = whole
      ? []
      : Object.entries(v.units)
          .filter(([, q]) => q > 0)
          .map(([itemId, quantity]) => ({ itemId, quantity }));
    if (!whole && lines.length === 0) {
      setRefused('Choose the units to refund, or refund everything left');
      return;
    }
    try {
      await refund({
        variables: { input: { orderId: order.id, version: order.version, reason: v.reason, lines, restock: !whole && v.restock } },
      });
      refundForm.reset({ reason: '', whole: false, restock: false, units: Object.fromEntries(order.lines.map((l) => [l.id, 0])) });
    } catch (err) {
      setRefused(problem(err));
    }
  });

  return (
    <section aria-labelledby="money-heading">
      <h2 id="money-heading">Payment and refunds</h2>
      <p>
        Refunded {paise(order.payment.refundedPaise)} · left to refund {paise(order.payment.leftToRefundPaise)}
      </p>
      {order.payment.refunds.length > 0 && (
        <table className="admin-table">
          <caption>Refunds</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Amount</th>
              <th scope="col">State</th>
              <th scope="col">Why</th>
              <th scope="col">Provider id</th>
            </tr>
          </thead>
          <tbody>
            {order.payment.refunds.map((r) => (
              <tr key={r.id}>
                <td>{when(r.at)}</td>
                <td>{paise(r.amountPaise)}</td>
                <td>
                  {STATE_LABEL[r.state] ?? r.state}
                  {r.error ? ` (${r.error})` : ''}
                </td>
                <td>
                  {r.reason}
                  {r.restocked ? ' · restocked' : ''}
                </td>
                <td>{r.providerRefundId ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {refused && (
        <p className="admin-error" role="alert">
          {refused}
        </p>
      )}
      {canCancel && (
        <form onSubmit={(ev) => void onCancel(ev)} noValidate aria-labelledby="cancel-heading">
          <h3 id="cancel-heading">Cancel the order</h3>
          <label>
            Why (the shopper is told)
            <input {...cancelForm.register('reason')} aria-invalid={Boolean(cancelForm.formState.errors.reason)} />
          </label>
          {cancelForm.formState.errors.reason && <p className="admin-error">{cancelForm.formState.errors.reason.message}</p>}
          <button type="submit" disabled={cancelling.loading}>
            Cancel and refund {paise(order.payment.leftToRefundPaise)}
          </button>
        </form>
      )}
      {canRefund && (
        <form onSubmit={(ev) => void onRefund(ev)} noValidate aria-labelledby="refund-heading">
          <h3 id="refund-heading">Refund</h3>
          <label className="admin-check">
            <input type="checkbox" {...refundForm.register('whole')} />
            Everything left ({paise(order.payment.leftToRefundPaise)})
          </label>
          {!whole && (
            <fieldset>
              <legend>Units to refund, at the price paid</legend>
              {order.lines.map((l) => (
                <label key={l.id}>
                  {l.title} ({l.color}), {l.quantity - l.refundedQuantity} of {l.quantity} left
                  <input
                    type="number"
                    min={0}
                    max={l.quantity - l.refundedQuantity}
                    disabled={l.quantity - l.refundedQuantity === 0}
                    {...refundForm.register(`units.${l.id}`)}
                  />
                </label>
              ))}
              <label className="admin-check">
                <input type="checkbox" {...refundForm.register('restock')} />
                Put these units back in stock
              </label>
            </fieldset>
          )}
          <label>
            Why (the shopper is told)
            <input {...refundForm.register('reason')} aria-invalid={Boolean(refundForm.formState.errors.reason)} />
          </label>
          {refundForm.formState.errors.reason && <p className="admin-error">{refundForm.formState.errors.reason.message}</p>}
          <button type="submit" disabled={refunding.loading}>
            Refund
          </button>
        </form>
      )}
    </section>
  );
}
