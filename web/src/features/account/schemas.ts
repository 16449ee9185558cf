import * as z from 'zod/mini';
import { MESSAGES } from '../../config/messages';
import { emailField as email, mobileNumber, requiredText } from '../../lib/form-rules';

const password = z.string().check(z.minLength(1, MESSAGES.passwordRequired));

// Spec §5, word for word.
export const LoginSchema = z.object({ email, password });
export const SignupSchema = z.object({ fullname: requiredText(MESSAGES.firstNameRequired), email, password });
export const ForgotSchema = z.object({ email });
export const ResetSchema = z.object({ password });
export const ProfileSchema = z.object({
  firstname: requiredText(MESSAGES.firstNameRequired),
  lastname: requiredText(MESSAGES.lastNameRequired),
  email,
  mobile: mobileNumber(MESSAGES.mobileRequired),
  // Not in the spec: asked only when the e-mail changes (the server refuses a new e-mail without it).
  currentPassword: z.string(),
});
export type LoginValues = z.infer<typeof LoginSchema>;
export type SignupValues = z.infer<typeof SignupSchema>;
export type ProfileValues = z.infer<typeof ProfileSchema>;
