import * as z from 'zod/mini';
import { MESSAGES } from '../../config/messages';
import { emailField, positiveInteger, requiredText } from '../../lib/form-rules';

// Spec §5: name, email (required, valid), mobile (numeric, positive, integer), comment.
export const ContactSchema = z.object({
  name: requiredText(MESSAGES.firstNameRequired),
  email: emailField,
  mobile: positiveInteger(MESSAGES.mobileRequired),
  comment: requiredText(MESSAGES.commentRequired),
});
export type ContactValues = z.infer<typeof ContactSchema>;
