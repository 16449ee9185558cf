import { zodResolver } from '@hookform/resolvers/zod';
import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useConfirm } from '../../components/confirm';
import { Field } from '../../components/field';
import { problem, when } from '../../lib/format';
import { AuthenticatorChange } from './authenticator-change';
import { useAddPasskeyMutation } from './__generated__/add-passkey';
import { MyPasskeysDocument, useMyPasskeysQuery } from './__generated__/my-passkeys';
import { usePasskeyRegistrationOptionsMutation } from './__generated__/passkey-registration-options';
import { useRemovePasskeyMutation } from './__generated__/remove-passkey';

const NameSchema = z.object({
  name: z.string().trim().min(1, 'Name the passkey, e.g. Work laptop').max(60, 'At most 60 characters'),
  currentPassword: z.string().min(1, 'Enter your password: a passkey is a way to sign in'),
});

/** Your account: passkeys to sign in with instead of the authenticator's code (add, see, remove), and a new authenticator app. */
export function AccountPage() {
  const { data, error } = useMyPasskeysQuery();
  const refetch = { refetchQueries: [MyPasskeysDocument] };
  const [askOptions] = usePasskeyRegistrationOptionsMutation();
  const [addPasskey, adding] = useAddPasskeyMutation(refetch);
  const [removePasskey] = useRemovePasskeyMutation(refetch);
  const confirm = useConfirm();
  const [refused, setRefused] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<z.infer<typeof NameSchema>>({
    resolver: zodResolver(NameSchema),
    defaultValues: { name: '', currentPassword: '' },
  });
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const onAdd = handleSubmit(async ({ name, currentPassword }) => {
    setRefused(null);
    try {
      const challenge = (await askOptions()).data?.passkeyRegistrationOptions;
      if (!challenge) return;
      const response = await startRegistration({ optionsJSON: challenge.options as PublicKeyCredentialCreationOptionsJSON });
      await addPasskey({ variables: { input: { challengeId: challenge.challengeId, response, name, currentPassword } } });
      reset({ name: '', currentPassword: '' });
    } catch (err) {
      setRefused((err as Error).name === 'NotAllowedError' ? 'The passkey was not made (cancelled or timed out)' : problem(err));
    }
  });
  const e = formState.errors;
  return (
    <section>
      <h1>Your account</h1>
      <h2>Passkeys</h2>
      <p>
        A passkey (your phone, your computer's fingerprint or face unlock, a security key) signs you in instead of the authenticator's code.
      </p>
      {error && <p role="alert">{problem(error)}</p>}
      {data && data.myPasskeys.length === 0 && <p>You have no passkey yet.</p>}
      <ul>
        {data?.myPasskeys.map((p) => (
          <li key={p.id}>
            {p.name}, added {when(p.createdAt)}
            {p.lastUsedAt ? `, last used ${when(p.lastUsedAt)}` : ''}{' '}
            <button
              type="button"
              onClick={() =>
                void confirm({
                  title: `Remove the passkey “${p.name}”?`,
                  body: <p>It no longer signs you in; your password and authenticator still do.</p>,
                  action: `Remove ${p.name}`,
                  danger: true,
                }).then((yes) => {
                  if (yes) removePasskey({ variables: { id: p.id } }).catch((err: unknown) => setRefused(problem(err)));
                })
              }
            >
              Remove {p.name}
            </button>
          </li>
        ))}
      </ul>
      {refused && (
        <p className="admin-error" role="alert">
          {refused}
        </p>
      )}
      {supported ? (
        <form onSubmit={(ev) => void onAdd(ev)} noValidate>
          <Field label="Name of the new passkey" field={register('name')} error={e.name} />
          <Field
            label="Your password"
            type="password"
            autoComplete="current-password"
            field={register('currentPassword')}
            error={e.currentPassword}
          />
          <button type="submit" disabled={adding.loading}>
            Add a passkey
          </button>
        </form>
      ) : (
        <p>This browser cannot make passkeys.</p>
      )}
      <AuthenticatorChange />
    </section>
  );
}
