import { z } from 'zod';
import { MESSAGES } from '../../config/messages';

const email = z.string().trim().min(1, MESSAGES.emailRequired).pipe(z.email(MESSAGES.emailInvalid));
const password = z.string().min(1, MESSAGES.passwordRequired);

// Spec §5, word for word.
export const LoginSchema = z.object({ email, password });
export const SignupSchema = z.object({ fullname: z.string().trim().min(1, MESSAGES.firstNameRequired), email, password });
export const ForgotSchema = z.object({ email });
export const ResetSchema = z.object({ password });
export const ProfileSchema = z.object({
  firstname: z.string().trim().min(1, MESSAGES.firstNameRequired),
  lastname: z.string().trim().min(1, MESSAGES.lastNameRequired),
  email,
  mobile: z
    .string()
    .trim()
    .min(1, MESSAGES.mobileRequired)
    .refine((v) => /^\d+$/.test(v) && Number(v) > 0, MESSAGES.mobileRequired),
});
export type LoginValues = z.infer<typeof LoginSchema>;
export type SignupValues = z.infer<typeof SignupSchema>;
export type ProfileValues = z.infer<typeof ProfileSchema>;
