import { countryProblem, stateProblem } from '@digitic/shop-rules';
import { z } from 'zod';
import { badInput } from '../../errors.js';

const required = (message: string) => z.string().trim().min(1, message).max(200, 'Address fields are at most 200 characters');

// The checkout form's rules (spec §5), with the shop's own rules on where it ships, checked here
// for an early answer in the api's words; the api enforces them all.
const Address = z.object({
  firstname: required('First Name is Required'),
  lastname: required('Last Name is Required'),
  address: required('Address Details are Required'),
  other: z.string().trim().max(200).nullish(),
  city: required('city is Required'),
  state: required('S tate is Required').superRefine((v, ctx) => {
    const problem = stateProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  country: required('country is Required').superRefine((v, ctx) => {
    const problem = countryProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  pincode: z.number().int('Pincode must be a positive whole number').positive('Pincode must be a positive whole number'),
});

/** A shipping address from the schema's AddressInput, or BAD_USER_INPUT naming the first field at fault. */
export function parseAddress(input: unknown) {
  const result = Address.safeParse(input);
  if (result.success) return { ...result.data, other: result.data.other ?? undefined };
  const issue = result.error.issues[0];
  throw badInput(issue?.message ?? 'Invalid address', `address.${issue?.path.join('.') ?? ''}`);
}
