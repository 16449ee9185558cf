import { z } from 'zod';
import { MESSAGES } from '../../config/messages';

// Spec §5: name, email (required, valid), mobile (numeric, positive, integer), comment.
export const ContactSchema = z.object({
  name: z.string().trim().min(1, MESSAGES.firstNameRequired),
  email: z.string().trim().min(1, MESSAGES.emailRequired).pipe(z.email(MESSAGES.emailInvalid)),
  mobile: z
    .string()
    .trim()
    .min(1, MESSAGES.mobileRequired)
    .refine((v) => /^\d+$/.test(v) && Number(v) > 0, MESSAGES.mobileRequired),
  comment: z.string().trim().min(1, MESSAGES.commentRequired),
});
export type ContactValues = z.infer<typeof ContactSchema>;
