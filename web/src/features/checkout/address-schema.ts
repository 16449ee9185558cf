import { gstinProblem } from '@digitic/shop-rules/gst';
import { indianMobileProblem, phoneDigits } from '@digitic/shop-rules/phone';
import { countryProblem, pincodeProblem, stateProblem } from '@digitic/shop-rules/shipping';
import * as z from 'zod/mini';
import { MESSAGES } from '../../config/messages';
import { positiveInteger, requiredText } from '../../lib/form-rules';

// Spec §5: the checkout address; where the shop ships (India, Gujarat) is a shop rule the api enforces too.
export const AddressSchema = z.object({
  firstname: requiredText(MESSAGES.firstNameRequired),
  lastname: requiredText(MESSAGES.lastNameRequired),
  address: requiredText(MESSAGES.addressRequired),
  other: z.optional(z.string().check(z.trim())),
  country: z.string().check(
    z.minLength(1, MESSAGES.countryRequired),
    z.refine((v) => v === '' || countryProblem(v) === null, { error: (i) => countryProblem(String(i.input)) ?? '' }),
  ),
  state: z.string().check(
    z.minLength(1, MESSAGES.stateRequired),
    z.refine((v) => v === '' || stateProblem(v) === null, { error: (i) => stateProblem(String(i.input)) ?? '' }),
  ),
  city: requiredText(MESSAGES.cityRequired),
  pincode: positiveInteger(MESSAGES.pincodeRequired, MESSAGES.pincodeWhole).check(
    z.refine((v) => !/^\d+$/.test(v) || Number(v) <= 0 || pincodeProblem(v) === null, {
      error: (i) => pincodeProblem(String(i.input)) ?? '',
    }),
  ),
  // An addition to spec §5: a phone for the courier, optional; as people write it, sent as its ten digits.
  phone: z.optional(
    z.string().check(
      z.trim(),
      z.overwrite((v) => (v ? phoneDigits(v) : v)),
      z.refine((v) => v === '' || indianMobileProblem(v) === null, { error: (i) => indianMobileProblem(String(i.input)) ?? '' }),
    ),
  ),
  // An addition to spec §5: a business buyer's GSTIN, optional, for its tax invoice; sent in capitals.
  gstin: z.optional(
    z.string().check(
      z.trim(),
      z.toUpperCase(),
      z.refine((v) => v === '' || gstinProblem(v) === null, { error: (i) => gstinProblem(String(i.input)) ?? '' }),
    ),
  ),
});
export type AddressValues = z.infer<typeof AddressSchema>;
