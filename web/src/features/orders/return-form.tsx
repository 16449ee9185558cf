import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast/headless';
import * as z from 'zod/mini';
import type { ReturnReason } from '../../__generated__/schema-enums';
import type { MyOrderFragment } from './__generated__/orders';
import { useRequestReturnMutation } from './__generated__/request-return';
import { errorMessage, REASONS } from './return-reasons';

// Asking for a return (an addition to My Orders), loaded when the shopper opens it: zod/mini, as every form of the shop.
const ReturnSchema = z.object({
  reason: z.string().check(z.refine((v) => v in REASONS, 'Choose a reason')),
  comment: z.string().check(z.trim(), z.maxLength(1000, 'At most 1000 characters')),
  complaint: z.boolean(),
  units: z
    .record(z.string(), z.string())
    .check(z.refine((units) => Object.values(units).some((q) => Number(q) > 0), 'Choose at least one item to return')),
});
type ReturnValues = z.infer<typeof ReturnSchema>;

export function ReturnForm({ order, onDone }: { order: MyOrderFragment; onDone: () => void }) {
  const [requestReturn, { loading }] = useRequestReturnMutation();
  const { register, handleSubmit, formState } = useForm<ReturnValues>({
    resolver: zodResolver(ReturnSchema),
    defaultValues: { reason: '', comment: '', complaint: false, units: Object.fromEntries(order.items.map((i) => [i.id, '0'])) },
  });
  const onSubmit = handleSubmit(async (v) => {
    const lines = Object.entries(v.units)
      .map(([itemId, n]) => ({ itemId, quantity: Number(n) }))
      .filter((l) => l.quantity > 0);
    try {
      await requestReturn({
        variables: {
          input: {
            orderId: order.id,
            lines,
            reason: v.reason as ReturnReason,
            comment: v.comment || null,
            ...(v.complaint ? { complaint: true } : {}),
          },
        },
      });
      toast.success('Your return request is sent. We will e-mail you our answer.');
      onDone();
    } catch (err) {
      toast.error(errorMessage(err));
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
      {/* Never ticked for the shopper: a complaint is theirs to make (E-Commerce Rules, 2020, rule 4). */}
      <label className="checkbox-field">
        <input type="checkbox" {...register('complaint')} />
        This is a complaint: give me a ticket number (acknowledged within 48 hours, resolved within a month)
      </label>
      <button type="submit" className="button" disabled={loading}>
        Send return request
      </button>
    </form>
  );
}
