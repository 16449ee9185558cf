// The shipping address every order carries, as the servers check it (the api enforces it for every
// client; the gateway checks it first for an early answer in the same words). The web form keeps its
// own lighter schema (zod/mini, spec §5's messages) over the same shipping rules.
import { z } from 'zod';
import { indianMobileProblem, phoneDigits } from './phone.js';
import { gstinProblem } from './gst.js';
import { countryProblem, pincodeProblem, stateProblem } from './shipping.js';

const required = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(200, 'Address fields are at most 200 characters');

export const ShippingAddress = z.object({
  firstname: required('First Name is Required'),
  lastname: required('Last Name is Required'),
  address: required('Address Details are Required'),
  other: z.string().trim().max(200, 'Apartment, suite, etc. is at most 200 characters').nullish(),
  city: required('city is Required'),
  state: required('S tate is Required').superRefine((v, ctx) => {
    const problem = stateProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  country: required('country is Required').superRefine((v, ctx) => {
    const problem = countryProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  pincode: z.coerce
    .number({ error: 'Pincode is Required' })
    .int('Pincode must be a positive whole number')
    .positive('Pincode must be a positive whole number')
    .superRefine((v, ctx) => {
      const problem = pincodeProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /**
   * A phone for the courier (an addition to the spec's address: optional, so a client that never sends it is
   * served as before). As people write it ("+91 98250 12345"), kept as its ten digits; blank is none.
   */
  phone: z
    .string({ error: 'Phone must be text' })
    .max(30, 'Phone is at most 30 characters')
    .nullish()
    .transform((v) => (v?.trim() ? phoneDigits(v) : undefined))
    .superRefine((v, ctx) => {
      const problem = v === undefined ? null : indianMobileProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** A business buyer's GSTIN, for its tax invoice (an addition: optional); kept in capitals, blank is none. */
  gstin: z
    .string({ error: 'GSTIN must be text' })
    .max(20, 'GSTIN is 15 characters')
    .nullish()
    .transform((v) => (v?.trim() ? v.trim().toUpperCase() : undefined))
    .superRefine((v, ctx) => {
      const problem = v === undefined ? null : gstinProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

export type ShippingAddressInput = z.input<typeof ShippingAddress>;
export type ShippingAddressValue = z.output<typeof ShippingAddress>;
