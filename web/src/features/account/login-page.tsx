import { useState } from 'react';
import { useApolloClient } from '@apollo/client';
import { toast } from 'react-hot-toast/headless';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useLoginMutation } from './__generated__/login';
import { useFieldForm } from '../../components/field-form';
import { FormField } from '../../components/form-field';
import { FacebookIcon, InstagramIcon, LinkedinIcon } from '../../components/icons';
import { MESSAGES } from '../../config/messages';
import { ROUTES } from '../../config/routes';
import { startSessionFrom } from '../../lib/session';
import { addPendingChoice, pendingAdd } from '../../lib/pending-add';
import { type LoginValues, LoginSchema } from './schemas';
import { AuthActions, AuthCard, serverMessage } from './auth-card';
import './account.css';
export function LoginPage() {
  const navigate = useNavigate();
  const client = useApolloClient();
  const [login, { loading }] = useLoginMutation();
  // Coming from sign-up, the new account's e-mail is filled in; a guest's Add to Cart is waiting for this sign-in.
  const carried = (useLocation().state as { email?: unknown } | null)?.email;
  const [waiting] = useState(pendingAdd);
  const { field, handleSubmit } = useFieldForm(LoginSchema, {
    defaultValues: { email: typeof carried === 'string' ? carried : '', password: '' },
  });
  const onSubmit = async (values: LoginValues) => {
    try {
      const { data } = await login({ variables: { input: values } });
      if (!data) throw new Error(MESSAGES.somethingWrongBang);
      startSessionFrom(data.login.token, data.login.customer);
      await client.resetStore();
      toast(MESSAGES.userLoggedIn);
      await addPendingChoice(client);
      void navigate(ROUTES.home);
    } catch (err) {
      toast.error(serverMessage(err));
    }
  };
  return (
    <AuthCard title="Login">
      {waiting && (
        <p className="auth-notice" role="status">
          Sign in, or sign up, to add {waiting.title} to your cart. Your choice is kept.
        </p>
      )}
      <ul className="auth-badges" aria-label="Why shop with us">
        <li>Free delivery</li>
        <li>14 days refund policy</li>
        <li>Secured payment</li>
      </ul>
      <form className="auth-form" noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} aria-label="Login">
        <FormField label="Email" type="email" autoComplete="email" {...field('email')} />
        <FormField label="Password" type="password" autoComplete="current-password" {...field('password')} />
        <Link to={ROUTES.forgotPassword}>Forgot Password?</Link>
        <AuthActions submit="Login" loading={loading}>
          <Link to={ROUTES.signup} className="button secondary">
            SignUp
          </Link>
        </AuthActions>
      </form>
      <div className="social-login" aria-hidden="true">
        <FacebookIcon />
        <InstagramIcon />
        <LinkedinIcon />
      </div>
    </AuthCard>
  );
}
