import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast/headless';
import { useNavigate } from 'react-router-dom';
import { useRegisterMutation } from './__generated__/register';
import { FormField } from '../../components/form-field';
import { MESSAGES } from '../../config/messages';
import { ROUTES } from '../../config/routes';
import { type SignupValues, SignupSchema } from './schemas';
import { AuthCard, serverMessage } from './auth-card';
import './account.css';
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
