import { phoneDigits } from '@digitic/shop-rules';
import { type RequestHandler, Router } from 'express';
import type { AuthedCustomer } from '../auth/middleware.js';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import type { EnquiryBody, EnquiryRecord } from '@digitic/rest-contract';
import { clientAddress } from '../http/client-address.js';
import { type Accepts, parseInput } from '../http/validate.js';
import { receiveEnquiry, tellStaffOfHeld } from './contact-form.js';
import { enquiryAsSent } from './record.js';

// The contact form's rules and messages (spec §5).
const EnquiryInput = z.object({
  name: z.string({ error: 'First Name is Required' }).trim().min(1, 'First Name is Required').max(100, 'Name is too long'),
  email: z
    .string({ error: 'Email is Required' })
    .trim()
    .min(1, 'Email is Required')
    .max(254, 'Email is too long')
    .pipe(z.email('Email Should be valid')),
  mobile: z
    .union([z.string(), z.number()], { error: 'Mobile No is Required' })
    // As people write it: its ten digits are kept (shop-rules' phoneDigits).
    .transform((v) => phoneDigits(String(v)))
    .refine((v) => v.length > 0, 'Mobile No is Required')
    .refine((v) => /^\d{1,15}$/.test(v) && /[1-9]/.test(v), 'Mobile No is Required'),
  comment: z.string({ error: 'comments is Required' }).trim().min(1, 'comments is Required').max(5000, 'Comment is too long'),
  // An addition: the sender marks the message a complaint (never ticked for them) and is given its ticket.
  complaint: z.boolean({ error: 'complaint is true or false' }).optional(),
});

// The contract's body is what this takes.
export type ContractBodies = [Accepts<typeof EnquiryInput, EnquiryBody>];

export function enquiriesRoutes(deps: AppDeps): Router {
  const router = Router();
  // A signed-in sender's token (optional): their message is linked to their account when it is from its e-mail.
  const signedIn: RequestHandler = (req, res, next) => (req.get('authorization') ? deps.auth(req, res, next) : next());
  router.post('/enquiry', signedIn, async (req, res) => {
    const input = parseInput(EnquiryInput, req.body);
    const sender = res.locals.customer as AuthedCustomer | undefined;
    const customerId = sender && sender.email.toLowerCase() === input.email.toLowerCase() ? sender.id : null;
    // Limited per client address, per e-mail and for the whole shop (contact-form.ts); an invalid one does not count.
    const e = await receiveEnquiry(deps, { ...input, customerId }, clientAddress(req));
    if (e.held_at) void tellStaffOfHeld({ ...deps, shop: deps.settings.identity });
    if (e.ticket) await deps.complaints.sendReceipt({ email: e.email, name: e.name }, e.ticket, e.created_at);
    res.status(201).json({ ...enquiryAsSent(e), createdAt: e.created_at.toISOString(), ticket: e.ticket } satisfies EnquiryRecord);
  });
  return router;
}
