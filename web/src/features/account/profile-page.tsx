import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast/headless';
import { useUpdateProfileMutation } from './__generated__/update-profile';
import { Breadcrumb } from '../../components/breadcrumb';
import { FormField } from '../../components/form-field';
import { MESSAGES } from '../../config/messages';
import { startSessionFrom, useSession } from '../../lib/session';
import { type ProfileValues, ProfileSchema } from './schemas';
import './account.css';
export function ProfilePage() {
  const customer = useSession();
  const [editing, setEditing] = useState(false);
  const [update, { loading }] = useUpdateProfileMutation();
  const { register, handleSubmit, formState, reset } = useForm<ProfileValues>({
    resolver: zodResolver(ProfileSchema),
    values: {
      firstname: customer?.firstname ?? '',
      lastname: customer?.lastname ?? '',
      email: customer?.email ?? '',
      mobile: customer?.mobile ?? '',
    },
  });
  const onSubmit = async (values: ProfileValues) => {
    try {
      const { data } = await update({ variables: { input: values } });
      if (!data) throw new Error('no answer');
      startSessionFrom(data.updateProfile.token, data.updateProfile.customer);
      toast.success(MESSAGES.profileUpdated);
      setEditing(false);
    } catch {
      toast.error(MESSAGES.somethingWrongBang);
    }
  };
  const e = formState.errors;
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
              <FormField label="First Name" error={e.firstname?.message} {...register('firstname')} />
              <FormField label="Last Name" error={e.lastname?.message} {...register('lastname')} />
              <FormField label="Email" type="email" error={e.email?.message} {...register('email')} />
              <FormField label="Mobile No" type="tel" error={e.mobile?.message} {...register('mobile')} />
            </fieldset>
            {editing && (
              <button type="submit" className="button" disabled={loading}>
                Save
              </button>
            )}
          </form>
        </div>
      </section>
    </>
  );
}
