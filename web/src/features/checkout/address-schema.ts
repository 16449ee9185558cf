import * as z from 'zod/mini';
import { MESSAGES } from '../../config/messages';
import { positiveInteger, requiredText } from '../../lib/form-rules';

// Spec §5: the checkout address; country India only, state Gujarat only.
export const AddressSchema = z.object({
  firstname: requiredText(MESSAGES.firstNameRequired),
  lastname: requiredText(MESSAGES.lastNameRequired),
  address: requiredText(MESSAGES.addressRequired),
  other: z.optional(z.string().check(z.trim())),
  country: z.string().check(z.minLength(1, MESSAGES.countryRequired)),
  state: z.string().check(z.minLength(1, MESSAGES.stateRequired)),
  city: requiredText(MESSAGES.cityRequired),
  pincode: positiveInteger(MESSAGES.pincodeRequired, 'Pincode must be a positive whole number'),
});
export type AddressValues = z.infer<typeof AddressSchema>;
