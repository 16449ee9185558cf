import { useState } from 'react';
import { toast } from 'react-hot-toast/headless';
import { Link, useNavigate } from 'react-router-dom';
import { useRegisterMutation } from './__generated__/register';
import { usePrivacyNoticeQuery } from './__generated__/privacy-notice';
import { useFieldForm } from '../../components/field-form';
import { FormField } from '../../components/form-field';
import { MESSAGES } from '../../config/messages';
import { ROUTES } from '../../config/routes';
import { type SignupValues, SignupSchema } from './schemas';
import { AuthActions, AuthCard, serverMessage } from './auth-card';
import { pendingAdd } from '../../lib/pending-add';
import './account.css';
export function SignupPage() {
  const navigate = useNavigate();
  const [signup, { loading }] = useRegisterMutation();
  const [waiting] = useState(pendingAdd);
  // The privacy notice shown beside the form: signing up is the consent to this version of it (DPDP Act, s. 6).
  const notice = usePrivacyNoticeQuery().data?.policyPage.version;
  const { field, handleSubmit, reset } = useFieldForm(SignupSchema, { defaultValues: { fullname: '', email: '', password: '' } });
  const onSubmit = async ({ fullname, email, password }: SignupValues) => {
    const [firstname = fullname, ...rest] = fullname.trim().split(/\s+/);
    try {
      await signup({
        variables: {
          input: { firstname, lastname: rest.join(' '), email, password, ...(notice !== undefined ? { noticeVersion: notice } : {}) },
        },
      });
      toast(MESSAGES.userCreated);
      // Nothing stale left behind; the login form starts with the new account's e-mail.
      reset();
      void navigate(ROUTES.login, { state: { email } });
    } catch (err) {
      toast.error(serverMessage(err));
    }
  };
  return (
    <AuthCard title="Sign Up">
      {waiting && (
        <p className="auth-notice" role="status">
          Once you have signed up and signed in, {waiting.title} goes into your cart.
        </p>
      )}
      <form className="auth-form" noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} aria-label="Sign Up">
        <FormField label="Name" autoComplete="name" {...field('fullname')} />
        <FormField label="Email" type="email" autoComplete="email" {...field('email')} />
        <FormField label="Password" type="password" autoComplete="new-password" {...field('password')} />
        <p className="auth-notice privacy-notice">
          We keep your name, e-mail and password (hashed) to run your account, and what you order to deliver it and for the tax law. Signing
          up is your consent to this; see our <Link to={ROUTES.privacyPolicy}>Privacy Policy</Link>. You can download your data or delete
          your account in My Profile at any time.
        </p>
        <AuthActions submit="Sign Up" loading={loading} />
      </form>
    </AuthCard>
  );
}
