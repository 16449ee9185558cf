// The building blocks of the shop's forms, in zod/mini: the same checks as zod at a fraction of its
// size in the form routes' chunks.
import * as z from 'zod/mini';
import { MESSAGES } from '../config/messages';

/** Text that must not be blank once trimmed. */
export const requiredText = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

export const emailField = z.pipe(requiredText(MESSAGES.emailRequired), z.email(MESSAGES.emailInvalid));

/** A positive whole number typed as text (mobile, pincode). */
export const positiveInteger = (requiredMessage: string, invalidMessage = requiredMessage) =>
  requiredText(requiredMessage).check(z.refine((v) => /^\d+$/.test(v) && Number(v) > 0, invalidMessage));
