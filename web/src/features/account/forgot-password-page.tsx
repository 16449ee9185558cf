import { toast } from 'react-hot-toast/headless';
import { Link } from 'react-router-dom';
import { useRequestPasswordResetMutation } from './__generated__/request-password-reset';
import { useFieldForm } from '../../components/field-form';
import { FormField } from '../../components/form-field';
import { MESSAGES } from '../../config/messages';
import { ROUTES } from '../../config/routes';
import { ForgotSchema } from './schemas';
import { AuthActions, AuthCard } from './auth-card';
import './account.css';
export function ForgotPasswordPage() {
  const [request, { loading }] = useRequestPasswordResetMutation();
  const { field, handleSubmit, reset } = useFieldForm(ForgotSchema, { defaultValues: { email: '' } });
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
        <FormField label="Email" type="email" autoComplete="email" {...field('email')} />
        <AuthActions submit="Submit" loading={loading}>
          <Link to={ROUTES.login}>Cancel</Link>
        </AuthActions>
      </form>
    </AuthCard>
  );
}
