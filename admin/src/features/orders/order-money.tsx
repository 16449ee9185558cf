import { orderNumber } from '@digitic/shop-rules/order-lifecycle';
import { useApolloClient } from '@apollo/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useConfirm } from '../../components/confirm';
import { Field } from '../../components/field';
import { PlainTable } from '../../components/plain-table';
import { may, type Signed } from '../../lib/authorization';
import { paise, problem, when } from '../../lib/format';
import type { OrderWholeFragment } from './__generated__/order-whole';
import { useCancelOrderMutation } from './__generated__/cancel-order';
import { useRefundOrderMutation } from './__generated__/refund-order';
import { RefundQuoteDocument, type RefundQuoteQuery, type RefundQuoteQueryVariables } from './__generated__/refund-quote';

const STATE_LABEL: Record<string, string> = {
  REQUESTED: 'Sending to the provider',
  PENDING: 'Pending at the provider',
  PROCESSED: 'Refunded',
  FAILED: 'Refused by the provider',
};

/** Why the order is cancelled or refunded: the shopper is told. */
const reason = z.string().trim().min(1, 'Say why: the shopper is told').max(500, 'At most 500 characters');
const CancelSchema = z.object({ reason });
const RefundSchema = z.object({
  reason,
  whole: z.boolean(),
  restock: z.boolean(),
  units: z.record(z.string(), z.coerce.number<string | number>().int('Whole units').min(0, 'At least 0')),
});
type RefundValues = z.infer<typeof RefundSchema>;

/** The order's money: its refunds, cancelling it (refunded in full, stock back) and refunds by staff, in full or by lines. */
export function OrderMoney({ order, me }: { order: OrderWholeFragment; me: Signed }) {
  const client = useApolloClient();
  const confirm = useConfirm();
  const [cancel, cancelling] = useCancelOrderMutation();
  const [refund, refunding] = useRefundOrderMutation();
  const [refused, setRefused] = useState<string | null>(null);
  const cancelForm = useForm<z.infer<typeof CancelSchema>>({ resolver: zodResolver(CancelSchema), defaultValues: { reason: '' } });
  const noRefund = () => ({ reason: '', whole: false, restock: false, units: Object.fromEntries(order.lines.map((l) => [l.id, 0])) });
  const refundForm = useForm<z.input<typeof RefundSchema>, unknown, RefundValues>({
    resolver: zodResolver(RefundSchema),
    defaultValues: noRefund(),
  });
  const whole = refundForm.watch('whole');
  const canCancel = may(me, 'orders:refund') && order.nextStatuses.includes('CANCELLED');
  const canRefund = may(me, 'orders:refund') && order.payment.leftToRefundPaise > 0;

  const onCancel = cancelForm.handleSubmit(async ({ reason }) => {
    setRefused(null);
    const amount = paise(order.payment.leftToRefundPaise);
    const yes = await confirm({
      title: `Cancel order ${orderNumber(order.id)} and refund ${amount}?`,
      body: (
        <>
          <p>
            The shopper gets {amount} back the way they paid, and is e-mailed why: “{reason}”.
          </p>
          <p>The units go back in stock. A cancelled order cannot be moved again.</p>
        </>
      ),
      action: `Cancel and refund ${amount}`,
      danger: true,
    });
    if (!yes) return;
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
    const input = { orderId: order.id, version: order.version, reason: v.reason, lines, restock: !whole && v.restock };
    try {
      // What the api would refund, worked out as the refund works it out, shown before it is sent.
      const { data } = await client.query<RefundQuoteQuery, RefundQuoteQueryVariables>({
        query: RefundQuoteDocument,
        variables: { input },
        fetchPolicy: 'no-cache',
      });
      const quote = data.refundQuote;
      const amount = paise(quote.amountPaise);
      const yes = await confirm({
        title: `Refund ${amount} to the shopper?`,
        body: (
          <>
            {quote.lines.length > 0 ? (
              <ul aria-label="What is refunded">
                {quote.lines.map((l) => (
                  <li key={l.itemId}>
                    {l.quantity} × {l.title}: {paise(l.amountPaise)}
                  </li>
                ))}
              </ul>
            ) : (
              <p>Everything left of the payment.</p>
            )}
            <p>{quote.restock ? 'These units go back in stock.' : 'The stock stays as it is.'}</p>
            <p>
              It goes back the way they paid, through the payment provider, and cannot be called back once sent. The shopper is e-mailed
              why: “{v.reason}”.
            </p>
          </>
        ),
        action: `Refund ${amount}`,
        danger: true,
      });
      if (!yes) return;
      await refund({ variables: { input } });
      refundForm.reset(noRefund());
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
        <PlainTable caption="Refunds" headers={['When', 'Amount', 'State', 'Why', 'Provider id']}>
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
        </PlainTable>
      )}
      {refused && (
        <p className="admin-error" role="alert">
          {refused}
        </p>
      )}
      {canCancel && (
        <form onSubmit={(ev) => void onCancel(ev)} noValidate aria-labelledby="cancel-heading">
          <h3 id="cancel-heading">Cancel the order</h3>
          <Field label="Why (the shopper is told)" field={cancelForm.register('reason')} error={cancelForm.formState.errors.reason} />
          <button type="submit" className="admin-final" disabled={cancelling.loading}>
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
          <Field label="Why (the shopper is told)" field={refundForm.register('reason')} error={refundForm.formState.errors.reason} />
          <button type="submit" disabled={refunding.loading}>
            Refund…
          </button>
        </form>
      )}
    </section>
  );
}
