import { z } from 'zod';
import { MESSAGES } from '../../config/messages';

// Spec §5: the checkout address; country India only, state Gujarat only.
export const AddressSchema = z.object({
  firstname: z.string().trim().min(1, MESSAGES.firstNameRequired),
  lastname: z.string().trim().min(1, MESSAGES.lastNameRequired),
  address: z.string().trim().min(1, MESSAGES.addressRequired),
  other: z.string().trim().optional(),
  country: z.string().min(1, MESSAGES.countryRequired),
  state: z.string().min(1, MESSAGES.stateRequired),
  city: z.string().trim().min(1, MESSAGES.cityRequired),
  pincode: z
    .string()
    .trim()
    .min(1, MESSAGES.pincodeRequired)
    .refine((v) => /^\d+$/.test(v) && Number(v) > 0, 'Pincode must be a positive whole number'),
});
export type AddressValues = z.infer<typeof AddressSchema>;
