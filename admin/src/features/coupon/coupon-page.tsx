import { zodResolver } from '@hookform/resolvers/zod';
import { COUPON_CODE, COUPON_CODE_RULE, normalizeCouponCode } from '@digitic/shop-rules/coupons';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { problem, rupees, when } from '../../lib/format';
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
    value: whole('The value').refine((v) => Number(v) >= 1, 'Give at least 1'),
    startsAt: z.string(),
    expiresAt: z.string(),
    minOrder: whole('The minimum order'),
    usageLimit: whole('The limit'),
    perCustomerLimit: whole('The limit'),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'PERCENT' && Number(v.value) > 100)
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
  if (!isNew && loading && !data) return <p>Loading…</p>;
  if (error) return <p role="alert">{problem(error)}</p>;
  const coupon = data?.coupon ?? null;
  if (!isNew && !coupon) return <p>There is no such coupon.</p>;
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
  const navigate = useNavigate();
  const [create, creating] = useCreateCouponMutation();
  const [update, updating] = useUpdateCouponMutation();
  const [refused, setRefused] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // The version the form's values came from: a save names it, so a change someone made meanwhile is refused, never overwritten.
  const [loadedVersion, setLoadedVersion] = useState(coupon?.version ?? 0);
  const { register, handleSubmit, formState, watch, reset } = useForm<CouponValues, unknown, z.output<typeof CouponSchema>>({
    resolver: zodResolver(CouponSchema),
    defaultValues: valuesOf(coupon),
  });
  const e = formState.errors;
  const kind = watch('kind');
  const onSubmit = handleSubmit(async (v) => {
    setRefused(null);
    setSaved(false);
    const count = (s: string) => (s ? Number(s) : null);
    const input = {
      code: v.code,
      description: v.description,
      kind: v.kind,
      value: Number(v.value),
      startsAt: fromIndiaLocal(v.startsAt),
      expiresAt: fromIndiaLocal(v.expiresAt),
      minOrder: count(v.minOrder) ?? 0,
      usageLimit: count(v.usageLimit),
      perCustomerLimit: count(v.perCustomerLimit),
      active: v.active,
    };
    try {
      if (coupon) {
        const updated = await update({ variables: { id: coupon.id, version: loadedVersion, input } });
        if (updated.data) {
          reset(valuesOf(updated.data.updateCoupon));
          setLoadedVersion(updated.data.updateCoupon.version);
        }
        setSaved(true);
      } else {
        const made = await create({ variables: { input } });
        if (made.data) void navigate(`/coupons/${made.data.createCoupon.id}`);
      }
    } catch (err) {
      setRefused(problem(err));
    }
  });
  const field = (name: keyof CouponValues, label: string, input: React.ReactNode) => (
    <>
      <label htmlFor={`coupon-${name}`}>{label}</label>
      {input}
      {e[name] && (
        <p className="admin-error" id={`coupon-${name}-error`}>
          {e[name]?.message}
        </p>
      )}
    </>
  );
  const attrs = (name: keyof CouponValues) => ({
    id: `coupon-${name}`,
    'aria-invalid': Boolean(e[name]),
    ...(e[name] ? { 'aria-describedby': `coupon-${name}-error` } : {}),
    ...register(name),
  });
  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate aria-label="Coupon">
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
      {field('minOrder', 'Minimum subtotal, rupees (empty: none)', <input inputMode="numeric" {...attrs('minOrder')} />)}
      {field('usageLimit', 'Uses in all (empty: no limit)', <input inputMode="numeric" {...attrs('usageLimit')} />)}
      {field('perCustomerLimit', 'Uses per customer (empty: no limit)', <input inputMode="numeric" {...attrs('perCustomerLimit')} />)}
      <label className="admin-check">
        <input type="checkbox" {...register('active')} /> On: shoppers may use it
      </label>
      {refused && (
        <p className="admin-error" role="alert">
          {refused}
        </p>
      )}
      {saved && <p role="status">Saved.</p>}
      <button type="submit" disabled={creating.loading || updating.loading}>
        {coupon ? 'Save changes' : 'Make the coupon'}
      </button>
    </form>
  );
}
