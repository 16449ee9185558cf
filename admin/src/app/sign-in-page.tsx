import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../components/field';
import { problem } from '../lib/format';
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { usePasskeySignInOptionsMutation } from './__generated__/passkey-sign-in-options';
import { useSignInMutation } from './__generated__/sign-in';

const SignInSchema = z
  .object({
    email: z.email('Enter your e-mail address'),
    password: z.string().min(1, 'Enter your password'),
    code: z.string().trim(),
    useRecovery: z.boolean(),
  })
  .refine((v) => (v.useRecovery ? v.code.length >= 12 : /^\d{6}$/.test(v.code)), {
    path: ['code'],
    message: 'Enter the 6-digit code your authenticator app shows (or a recovery code)',
  });
type SignInValues = z.infer<typeof SignInSchema>;

/**
 * Signed in, the app is loaded again from the gateway: the session's CSRF token is an httpOnly cookie, and only
 * the page of a top-level navigation carries it (gateway/src/admin/static.ts).
 */
const openTheDesks = () => window.location.assign('/admin/');

export function SignInPage() {
  const [signIn, { loading }] = useSignInMutation();
  const [refused, setRefused] = useState<string | null>(null);
  const [passkeyOptions] = usePasskeySignInOptionsMutation();
  const { register, handleSubmit, watch, formState, trigger, getValues } = useForm<SignInValues>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: '', password: '', code: '', useRecovery: false },
  });
  const useRecovery = watch('useRecovery');
  const onSubmit = handleSubmit(async (v) => {
    setRefused(null);
    try {
      await signIn({
        variables: { input: { email: v.email, password: v.password, ...(v.useRecovery ? { recoveryCode: v.code } : { code: v.code }) } },
      });
      openTheDesks();
    } catch (err) {
      setRefused(problem(err));
    }
  });
  // A passkey instead of the code: the e-mail and password first, then the browser's passkey signs a challenge.
  const withPasskey = async () => {
    setRefused(null);
    if (!(await trigger(['email', 'password']))) return;
    const { email, password } = getValues();
    try {
      const challenge = (await passkeyOptions()).data?.passkeySignInOptions;
      if (!challenge) return;
      const response = await startAuthentication({ optionsJSON: challenge.options as PublicKeyCredentialRequestOptionsJSON });
      await signIn({ variables: { input: { email, password, passkey: { challengeId: challenge.challengeId, response } } } });
      openTheDesks();
    } catch (err) {
      setRefused((err as Error).name === 'NotAllowedError' ? 'No passkey was used (cancelled or timed out)' : problem(err));
    }
  };
  const e = formState.errors;
  return (
    <main className="admin-auth">
      <h1>Sign in to the back office</h1>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Field label="E-mail" type="email" autoComplete="username" field={register('email')} error={e.email} />
        <Field label="Password" type="password" autoComplete="current-password" field={register('password')} error={e.password} />
        <Field
          label={useRecovery ? 'Recovery code' : 'Code from your authenticator app'}
          inputMode={useRecovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          field={register('code')}
          error={e.code}
        />
        <label className="admin-check">
          <input type="checkbox" {...register('useRecovery')} /> Use a recovery code instead
        </label>
        {refused && (
          <p className="admin-error" role="alert">
            {refused}
          </p>
        )}
        <button type="submit" disabled={loading}>
          Sign in
        </button>{' '}
        <button type="button" disabled={loading} onClick={() => void withPasskey()}>
          Sign in with a passkey
        </button>
      </form>
    </main>
  );
}
