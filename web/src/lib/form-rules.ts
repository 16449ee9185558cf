// The building blocks of the shop's forms, in zod/mini: the same checks as zod at a fraction of its
// size in the form routes' chunks.
import { phoneDigits } from '@digitic/shop-rules/phone';
import * as z from 'zod/mini';
import { MESSAGES } from '../config/messages';

/** Text that must not be blank once trimmed. */
export const requiredText = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

export const emailField = z.pipe(requiredText(MESSAGES.emailRequired), z.email(MESSAGES.emailInvalid));

/** A positive whole number typed as text (mobile, pincode). */
export const positiveInteger = (requiredMessage: string, invalidMessage = requiredMessage) =>
  requiredText(requiredMessage).check(z.refine((v) => /^\d+$/.test(v) && Number(v) > 0, invalidMessage));

/**
 * A mobile number as people write it ("98250 12345", "+91 98250 12345"): its spaces, dashes and India's +91 or 0
 * taken off first (shop-rules' phoneDigits), then the spec's positive whole number; the ten digits are what is sent.
 */
export const mobileNumber = (message: string) =>
  requiredText(message).check(
    z.overwrite(phoneDigits),
    z.refine((v) => /^\d+$/.test(v) && Number(v) > 0, message),
  );
