import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AuthenticatorKey } from '../../components/authenticator-key';
import { Field } from '../../components/field';
import { problem, when } from '../../lib/format';
import { useFinishAuthenticatorChangeMutation } from './__generated__/finish-authenticator-change';
import { useStartAuthenticatorChangeMutation } from './__generated__/start-authenticator-change';

const PasswordSchema = z.object({ currentPassword: z.string().min(1, 'Enter your password: the authenticator is how you sign in') });
const CodeSchema = z.object({ code: z.string().regex(/^\s*\d{6}\s*$/, 'Enter the six digits the new app shows') });

/** Moves the second factor to a new authenticator app (a new phone): the password, the new app's QR code, its first code. */
export function AuthenticatorChange() {
  const [start, starting] = useStartAuthenticatorChangeMutation();
  const [finish, finishing] = useFinishAuthenticatorChangeMutation();
  const [refused, setRefused] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const asked = useForm<z.infer<typeof PasswordSchema>>({ resolver: zodResolver(PasswordSchema), defaultValues: { currentPassword: '' } });
  const proved = useForm<z.infer<typeof CodeSchema>>({ resolver: zodResolver(CodeSchema), defaultValues: { code: '' } });
  const setup = starting.data?.startAuthenticatorChange;
  const onStart = asked.handleSubmit(async ({ currentPassword }) => {
    setRefused(null);
    setDone(false);
    try {
      await start({ variables: { currentPassword } });
      asked.reset({ currentPassword: '' });
    } catch (err) {
      setRefused(problem(err));
    }
  });
  const onFinish = proved.handleSubmit(async ({ code }) => {
    setRefused(null);
    try {
      await finish({ variables: { code: code.trim() } });
      proved.reset({ code: '' });
      starting.reset();
      setDone(true);
    } catch (err) {
      setRefused(problem(err));
    }
  });
  return (
    <>
      <h2>Authenticator app</h2>
      <p>A new phone? Move your sign-in codes to its authenticator app. The old app's codes stop working, and your other sessions end.</p>
      {done && <p role="status">Your sign-in codes now come from the new authenticator app.</p>}
      {refused && (
        <p className="admin-error" role="alert">
          {refused}
        </p>
      )}
      {!setup ? (
        <form onSubmit={(ev) => void onStart(ev)} noValidate>
          <Field
            label="Your current password"
            type="password"
            autoComplete="current-password"
            field={asked.register('currentPassword')}
            error={asked.formState.errors.currentPassword}
          />
          <button type="submit" disabled={starting.loading}>
            Set up a new authenticator app
          </button>
        </form>
      ) : (
        <form onSubmit={(ev) => void onFinish(ev)} noValidate>
          <p>Scan this with the new app (or type the key), then enter the code it shows before {when(setup.expiresAt)}.</p>
          <AuthenticatorKey {...setup} testId="new-totp-secret" />
          <Field
            label="Code from the new app"
            inputMode="numeric"
            autoComplete="one-time-code"
            field={proved.register('code')}
            error={proved.formState.errors.code}
          />
          <button type="submit" disabled={finishing.loading}>
            Use the new app
          </button>
        </form>
      )}
    </>
  );
}
