import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { AuthenticatorKey } from '../components/authenticator-key';
import { Field } from '../components/field';
import { RecoveryCodes } from '../components/recovery-codes';
import { problem, when } from '../lib/format';
import { useEnrolMutation } from './__generated__/enrol';
import { useInvitationQuery } from './__generated__/invitation';

const EnrolSchema = z
  .object({
    email: z.string().trim(),
    needsEmail: z.boolean(),
    name: z.string().trim().max(100, 'At most 100 characters'),
    password: z.string().min(12, 'At least 12 characters').max(128, 'At most 128 characters'),
    confirm: z.string(),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code your authenticator app shows'),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords are not the same' })
  .refine((v) => !v.needsEmail || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email), { path: ['email'], message: 'Enter your e-mail address' });
type EnrolValues = z.infer<typeof EnrolSchema>;

/** The one-time link's page (/admin/enrol#token): a password, the authenticator, then the recovery codes, once. */
export function EnrolPage() {
  // The token is in the fragment: it never reaches a server's logs or a Referer.
  const [token] = useState(() => {
    const t = window.location.hash.slice(1);
    // Out of the address bar and the history once read: a screen share or a later visitor does not see it.
    if (t) window.history.replaceState(null, '', window.location.pathname);
    return t;
  });
  const { data, error, loading } = useInvitationQuery({ variables: { token }, skip: !token, fetchPolicy: 'network-only' });
  const [enrol, enrolled] = useEnrolMutation();
  const [refused, setRefused] = useState<string | null>(null);
  const invitation = data?.invitation;
  const { register, handleSubmit, formState, getValues } = useForm<EnrolValues>({
    resolver: zodResolver(EnrolSchema),
    // The name the owner gave when inviting is where the form starts (theirs to correct).
    values: { email: '', needsEmail: Boolean(invitation?.needsEmail), name: invitation?.name ?? '', password: '', confirm: '', code: '' },
  });
  const e = formState.errors;
  if (!token)
    return (
      <main className="admin-auth">
        <h1>Enrolment</h1>
        <p>This page opens from an enrolment link.</p>
      </main>
    );
  if (loading)
    return (
      <main className="admin-auth">
        <p>Loading…</p>
      </main>
    );
  if (error || !invitation)
    return (
      <main className="admin-auth">
        <h1>Enrolment</h1>
        <p role="alert">{problem(error) ?? 'This enrolment link is not valid'}</p>
      </main>
    );

  const codes = enrolled.data?.enrol.recoveryCodes;
  const enrolledAs = invitation?.email || getValues('email');
  if (codes) {
    return (
      <main className="admin-auth">
        <h1>You are enrolled</h1>
        <p>Keep these recovery codes somewhere safe. Each signs you in once if you lose your authenticator; they are not shown again.</p>
        <RecoveryCodes codes={codes} account={enrolledAs || 'your account'} />
        <Link className="admin-no-print" to="/sign-in">
          Sign in
        </Link>
      </main>
    );
  }
  const onSubmit = handleSubmit(async (v) => {
    setRefused(null);
    try {
      await enrol({
        variables: {
          token,
          input: { password: v.password, code: v.code, ...(v.name ? { name: v.name } : {}), ...(v.needsEmail ? { email: v.email } : {}) },
        },
      });
    } catch (err) {
      setRefused(problem(err));
    }
  });
  return (
    <main className="admin-auth">
      <h1>Set up your back-office account</h1>
      <p>
        {invitation.needsEmail ? 'You are the first owner of this shop.' : `For ${invitation.email}, as ${invitation.role.toLowerCase()}.`}{' '}
        The link works once, until {when(invitation.expiresAt)}.
      </p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        {invitation.needsEmail && (
          <Field label="Your e-mail (you sign in with it)" type="email" autoComplete="username" field={register('email')} error={e.email} />
        )}
        <label>
          Your name
          <input autoComplete="name" {...register('name')} />
        </label>
        <Field
          label="Password (at least 12 characters)"
          type="password"
          autoComplete="new-password"
          field={register('password')}
          error={e.password}
        />
        <Field label="The password again" type="password" autoComplete="new-password" field={register('confirm')} error={e.confirm} />
        <fieldset>
          <legend>Two-factor sign-in</legend>
          <p>Scan this with an authenticator app (or type the key), then enter the code it shows.</p>
          <AuthenticatorKey {...invitation} testId="totp-secret" />
          <Field label="Code from the app" inputMode="numeric" autoComplete="one-time-code" field={register('code')} error={e.code} />
        </fieldset>
        {refused && (
          <p className="admin-error" role="alert">
            {refused}
          </p>
        )}
        <button type="submit" disabled={enrolled.loading}>
          Enrol
        </button>
      </form>
    </main>
  );
}
