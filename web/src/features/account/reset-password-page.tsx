import { toast } from 'react-hot-toast/headless';
import { useNavigate, useParams } from 'react-router-dom';
import { useResetPasswordMutation } from './__generated__/reset-password';
import { useFieldForm } from '../../components/field-form';
import { FormField } from '../../components/form-field';
import { MESSAGES } from '../../config/messages';
import { ROUTES } from '../../config/routes';
import { ResetSchema } from './schemas';
import { AuthActions, AuthCard } from './auth-card';
import './account.css';
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [resetPassword, { loading }] = useResetPasswordMutation();
  const { field, handleSubmit } = useFieldForm(ResetSchema, { defaultValues: { password: '' } });
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
        <FormField label="New Password" type="password" autoComplete="new-password" {...field('password')} />
        <AuthActions submit="Ok" loading={loading} />
      </form>
    </AuthCard>
  );
}
