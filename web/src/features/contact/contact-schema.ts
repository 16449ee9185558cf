import * as z from 'zod/mini';
import { MESSAGES } from '../../config/messages';
import { emailField, mobileNumber, requiredText } from '../../lib/form-rules';

// Spec §5: name, email (required, valid), mobile (numeric, positive, integer), comment.
export const ContactSchema = z.object({
  name: requiredText(MESSAGES.firstNameRequired),
  email: emailField,
  mobile: mobileNumber(MESSAGES.mobileRequired),
  comment: requiredText(MESSAGES.commentRequired),
  // An addition: a complaint gets a ticket number (never ticked for the sender).
  complaint: z.boolean(),
});
export type ContactValues = z.infer<typeof ContactSchema>;
