import { COUPON_CODE, COUPON_CODE_RULE, normalizeCouponCode } from '@digitic/shop-rules/coupons';
import { Link, useParams } from 'react-router-dom';
import { z } from 'zod';
import { NoRecord } from '../../components/no-record';
import { SaveForm, useSaveForm } from '../../components/save-form';
import { rupees, when } from '../../lib/format';
import { parseRupees, wholeRupees } from '../../lib/money';
import type { CouponWholeFragment } from './__generated__/coupon-whole';
import { useCouponQuery } from './__generated__/coupon';
import { useCreateCouponMutation } from './__generated__/create-coupon';
import { useUpdateCouponMutation } from './__generated__/update-coupon';
import { couponOff, couponWindow, fromIndiaLocal, toIndiaLocal } from './coupon-words';

// The api checks every rule (and names what is wrong); these only answer early.
const whole = (what: string) => z.string().trim().regex(/^\d*$/, `${what} is a whole number`);
const CouponSchema = z
  .object({
    code: z
      .string()
      .transform(normalizeCouponCode)
      .refine((c) => COUPON_CODE.test(c), COUPON_CODE_RULE),
    description: z.string().trim().max(200, 'At most 200 characters'),
    kind: z.enum(['PERCENT', 'FIXED']),
    value: wholeRupees('the value').refine((v) => (parseRupees(v) ?? 0) >= 1, 'Give at least 1'),
    startsAt: z.string(),
    expiresAt: z.string(),
    minOrder: wholeRupees('the minimum order', { optional: true }),
    usageLimit: whole('The limit'),
    perCustomerLimit: whole('The limit'),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'PERCENT' && (parseRupees(v.value) ?? 0) > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is at most 100' });
    if (v.startsAt && v.expiresAt && v.expiresAt <= v.startsAt) {
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'The coupon must expire after it starts' });
    }
  });
type CouponValues = z.input<typeof CouponSchema>;

const valuesOf = (c?: CouponWholeFragment | null): CouponValues => ({
  code: c?.code ?? '',
  description: c?.description ?? '',
  kind: c?.kind ?? 'PERCENT',
  value: c ? String(c.value) : '',
  startsAt: toIndiaLocal(c?.startsAt),
  expiresAt: toIndiaLocal(c?.expiresAt),
  minOrder: c && c.minOrder > 0 ? String(c.minOrder) : '',
  usageLimit: c?.usageLimit ? String(c.usageLimit) : '',
  perCustomerLimit: c?.perCustomerLimit ? String(c.perCustomerLimit) : '',
  active: c?.active ?? true,
});

/** One coupon: its rules and its uses. `/coupons/new` makes one. Coupons are never deleted (orders name them): switch one off. */
export function CouponPage() {
  const { id } = useParams();
  const isNew = id === 'new';
  const { data, error, loading } = useCouponQuery({ variables: { id: id ?? '' }, skip: isNew, fetchPolicy: 'cache-and-network' });
  const coupon = data?.coupon ?? null;
  if (error || (!isNew && !coupon))
    return <NoRecord loading={!isNew && loading && !data} error={error} missing="There is no such coupon." />;
  return (
    <section>
      <p>
        <Link to="/coupons">All coupons</Link>
      </p>
      <h1>{coupon ? `Coupon ${coupon.code}` : 'New coupon'}</h1>
      {coupon && (
        <p>
          {coupon.active ? 'On' : 'Off'}: {couponOff(coupon)} off, {couponWindow(coupon).toLowerCase()}. Used {coupon.used} time
          {coupon.used === 1 ? '' : 's'}
          {coupon.held > 0 ? `, ${coupon.held} more being paid` : ''}; {rupees(coupon.discountGiven)} given off. Changed{' '}
          {when(coupon.updatedAt)}.
        </p>
      )}
      <CouponForm key={coupon?.id ?? 'new'} coupon={coupon} />
    </section>
  );
}

function CouponForm({ coupon }: { coupon: CouponWholeFragment | null }) {
  const [create, creating] = useCreateCouponMutation();
  const [update, updating] = useUpdateCouponMutation();
  const saving = useSaveForm({
    record: coupon,
    idPrefix: 'coupon',
    schema: CouponSchema,
    valuesOf,
    input: (v) => {
      const count = (s: string) => (s ? Number(s) : null);
      return {
        code: v.code,
        description: v.description,
        kind: v.kind,
        value: parseRupees(v.value) ?? 0,
        startsAt: fromIndiaLocal(v.startsAt),
        expiresAt: fromIndiaLocal(v.expiresAt),
        minOrder: parseRupees(v.minOrder) ?? 0,
        usageLimit: count(v.usageLimit),
        perCustomerLimit: count(v.perCustomerLimit),
        active: v.active,
      };
    },
    create: async (input) => {
      const made = await create({ variables: { input } });
      return made.data ? `/coupons/${made.data.createCoupon.id}` : undefined;
    },
    update: async (input, id, version) => (await update({ variables: { id, version, input } })).data?.updateCoupon,
  });
  const { field, attrs } = saving;
  const kind = saving.form.watch('kind');
  return (
    <SaveForm saving={saving} label="Coupon" createText="Make the coupon" busy={creating.loading || updating.loading}>
      {field('code', 'Code (3 to 32 letters, digits, - or _)', <input autoCapitalize="characters" {...attrs('code')} />)}
      {field('description', 'Note for the staff', <input {...attrs('description')} />)}
      {field(
        'kind',
        'Takes off',
        <select {...attrs('kind')}>
          <option value="PERCENT">A percentage of the subtotal</option>
          <option value="FIXED">A fixed amount (rupees)</option>
        </select>,
      )}
      {field('value', kind === 'PERCENT' ? 'Percentage (1 to 100)' : 'Rupees off', <input inputMode="numeric" {...attrs('value')} />)}
      {field('startsAt', 'Starts (India time; empty: now)', <input type="datetime-local" {...attrs('startsAt')} />)}
      {field('expiresAt', 'Expires (India time; empty: never)', <input type="datetime-local" {...attrs('expiresAt')} />)}
      {field('minOrder', 'Minimum subtotal, rupees (empty: none)', <input inputMode="decimal" {...attrs('minOrder')} />)}
      {field('usageLimit', 'Uses in all (empty: no limit)', <input inputMode="numeric" {...attrs('usageLimit')} />)}
      {field('perCustomerLimit', 'Uses per customer (empty: no limit)', <input inputMode="numeric" {...attrs('perCustomerLimit')} />)}
      <label className="admin-check">
        <input type="checkbox" {...saving.form.register('active')} /> On: shoppers may use it
      </label>
    </SaveForm>
  );
}
