import type { ApolloError } from '@apollo/client';
import { accountKey } from '@digitic/shop-rules/attempts';
import { useState } from 'react';
import { toast } from 'react-hot-toast/headless';
import { useUpdateProfileMutation } from './__generated__/update-profile';
import { Breadcrumb } from '../../components/breadcrumb';
import { useFieldForm } from '../../components/field-form';
import { FormField } from '../../components/form-field';
import { MESSAGES } from '../../config/messages';
import { startSessionFrom, useSession } from '../../lib/session';
import { type ProfileValues, ProfileSchema } from './schemas';
import { MyData } from './my-data';
import './account.css';

// Not in the spec: a new e-mail needs the current password (the server's words when it refuses one).
const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your e-mail';

/** The form field a refusal names, with the server's words for it. */
function refusedField(err: unknown): { field: 'email' | 'currentPassword'; message: string } | null {
  const first = (err as ApolloError | undefined)?.graphQLErrors?.[0];
  const field = first?.extensions?.field;
  return first && (field === 'email' || field === 'currentPassword') ? { field, message: first.message } : null;
}

export function ProfilePage() {
  const customer = useSession();
  const [editing, setEditing] = useState(false);
  const [update, { loading }] = useUpdateProfileMutation();
  const { field, handleSubmit, reset, setError, watch } = useFieldForm(ProfileSchema, {
    values: {
      firstname: customer?.firstname ?? '',
      lastname: customer?.lastname ?? '',
      email: customer?.email ?? '',
      mobile: customer?.mobile ?? '',
      currentPassword: '',
    },
  });
  // Another spelling of the saved address (case, spaces) is the same address, as the server counts it.
  const emailChanged = (email: string) => accountKey(email) !== accountKey(customer?.email ?? '');
  const askPassword = editing && emailChanged(watch('email'));
  const onSubmit = async ({ currentPassword, ...profile }: ProfileValues) => {
    const changing = emailChanged(profile.email);
    if (changing && !currentPassword) {
      setError('currentPassword', { message: CURRENT_PASSWORD_REQUIRED });
      return;
    }
    try {
      const { data } = await update({ variables: { input: changing ? { ...profile, currentPassword } : profile } });
      if (!data) throw new Error('no answer');
      startSessionFrom(data.updateProfile.token, data.updateProfile.customer);
      toast.success(MESSAGES.profileUpdated);
      setEditing(false);
    } catch (err) {
      const refused = refusedField(err);
      if (refused) setError(refused.field, { message: refused.message });
      toast.error(MESSAGES.somethingWrongBang);
    }
  };
  return (
    <>
      <Breadcrumb title="My Profile" />
      <section className="container page-section">
        <div className="auth-card wide">
          <div className="profile-head">
            <h1>Update Profile</h1>
            <button
              type="button"
              className="link-button"
              aria-label="Edit profile"
              aria-pressed={editing}
              onClick={() => {
                if (editing) reset();
                setEditing(!editing);
              }}
            >
              ✎ Edit
            </button>
          </div>
          <form className="auth-form" noValidate onSubmit={(ev) => void handleSubmit(onSubmit)(ev)} aria-label="Update Profile">
            <fieldset disabled={!editing}>
              <FormField label="First Name" {...field('firstname')} />
              <FormField label="Last Name" {...field('lastname')} />
              <FormField label="Email" type="email" {...field('email')} />
              {askPassword && (
                <FormField label="Current password" type="password" autoComplete="current-password" {...field('currentPassword')} />
              )}
              <FormField label="Mobile No" type="tel" {...field('mobile')} />
            </fieldset>
            {editing && (
              <button type="submit" className="button" disabled={loading}>
                Save
              </button>
            )}
          </form>
        </div>
        <MyData />
      </section>
    </>
  );
}
