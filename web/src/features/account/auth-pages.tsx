import { useApolloClient } from '@apollo/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  useLoginMutation,
  useRegisterMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
} from '../../__generated__/graphql';
import { Breadcrumb } from '../../app/breadcrumb';
import { FormField } from '../../components/form-field';
import { FacebookIcon, InstagramIcon, LinkedinIcon } from '../../components/icons';
import { MESSAGES } from '../../config/messages';
import { ROUTES } from '../../config/routes';
import { startSessionFrom } from '../../lib/session';
import { ForgotSchema, type LoginValues, LoginSchema, ResetSchema, type SignupValues, SignupSchema } from './schemas';

const serverMessage = (err: unknown) => (err instanceof Error ? err.message : MESSAGES.somethingWrongBang);

function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <Breadcrumb title={title} />
      <section className="container auth-wrapper">
        <div className="auth-card">
          <h1>{title}</h1>
          {children}
        </div>
      </section>
    </>
  );
}

export function LoginPage() {
  const navigate = useNavigate();
  const client = useApolloClient();
  const [login, { loading }] = useLoginMutation();
  const { register, handleSubmit, formState } = useForm<LoginValues>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const onSubmit = async (values: LoginValues) => {
    try {
      const { data } = await login({ variables: { input: values } });
      if (!data) throw new Error(MESSAGES.somethingWrongBang);
      startSessionFrom(data.login.token, data.login.customer);
      await client.resetStore();
      toast(MESSAGES.userLoggedIn);
      void navigate(ROUTES.home);
    } catch (err) {
      toast.error(serverMessage(err));
    }
  };
  return (
    <AuthCard title="Login">
      <ul className="auth-badges" aria-label="Why shop with us">
        <li>Free delivery</li>
        <li>14 days refund policy</li>
        <li>Secured payment</li>
      </ul>
      <form className="auth-form" noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} aria-label="Login">
        <FormField label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <Link to={ROUTES.forgotPassword}>Forgot Password?</Link>
        <div className="auth-actions">
          <button type="submit" className="button" disabled={loading}>
            Login
          </button>
          <Link to={ROUTES.signup} className="button secondary">
            SignUp
          </Link>
        </div>
      </form>
      <div className="social-login" aria-hidden="true">
        <FacebookIcon />
        <InstagramIcon />
        <LinkedinIcon />
      </div>
    </AuthCard>
  );
}

export function SignupPage() {
  const navigate = useNavigate();
  const [signup, { loading }] = useRegisterMutation();
  const { register, handleSubmit, formState } = useForm<SignupValues>({
    resolver: zodResolver(SignupSchema),
    defaultValues: { fullname: '', email: '', password: '' },
  });
  const onSubmit = async ({ fullname, email, password }: SignupValues) => {
    const [firstname = fullname, ...rest] = fullname.trim().split(/\s+/);
    try {
      await signup({ variables: { input: { firstname, lastname: rest.join(' '), email, password } } });
      toast(MESSAGES.userCreated);
      void navigate(ROUTES.login);
    } catch (err) {
      toast.error(serverMessage(err));
    }
  };
  return (
    <AuthCard title="Sign Up">
      <form className="auth-form" noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} aria-label="Sign Up">
        <FormField label="Name" autoComplete="name" error={formState.errors.fullname?.message} {...register('fullname')} />
        <FormField label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <div className="auth-actions">
          <button type="submit" className="button" disabled={loading}>
            Sign Up
          </button>
        </div>
      </form>
    </AuthCard>
  );
}

export function ForgotPasswordPage() {
  const [request, { loading }] = useRequestPasswordResetMutation();
  const { register, handleSubmit, formState, reset } = useForm<{ email: string }>({
    resolver: zodResolver(ForgotSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = async ({ email }: { email: string }) => {
    try {
      await request({ variables: { email } });
      toast.success(MESSAGES.forgotSent);
      reset();
    } catch {
      toast.error(MESSAGES.somethingWrongBang);
    }
  };
  return (
    <AuthCard title="Reset Your Password">
      <p className="muted">We will send you an email to reset your password</p>
      <form className="auth-form" noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} aria-label="Forgot Password">
        <FormField label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
        <div className="auth-actions">
          <button type="submit" className="button" disabled={loading}>
            Submit
          </button>
          <Link to={ROUTES.login}>Cancel</Link>
        </div>
      </form>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [resetPassword, { loading }] = useResetPasswordMutation();
  const { register, handleSubmit, formState } = useForm<{ password: string }>({
    resolver: zodResolver(ResetSchema),
    defaultValues: { password: '' },
  });
  const onSubmit = async ({ password }: { password: string }) => {
    try {
      await resetPassword({ variables: { input: { token, password } } });
      toast.success(MESSAGES.passwordChanged);
      void navigate(ROUTES.login);
    } catch (err) {
      toast.error(
        err instanceof Error && /invalid or has expired|at least 8/.test(err.message) ? err.message : MESSAGES.somethingWrongBang,
      );
    }
  };
  return (
    <AuthCard title="Reset Password">
      <form className="auth-form" noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} aria-label="Reset Password">
        <FormField
          label="New Password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <div className="auth-actions">
          <button type="submit" className="button" disabled={loading}>
            Ok
          </button>
        </div>
      </form>
    </AuthCard>
  );
}
