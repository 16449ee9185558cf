import { ENQUIRY_STATUSES } from '@digitic/shop-rules';
import { z } from 'zod';
import { isUuid } from '../domain/ids.js';
import { pageFields, versionRead } from '../http/validate.js';

// What the enquiries inbox takes: its filters, a change of status or assignee, a note and a reply. The
// statuses are the enquiry lifecycle's (shop-rules), named in the same words when one is refused.

const named = ENQUIRY_STATUSES.join(', ');
const oneOf = `${ENQUIRY_STATUSES.slice(0, -1).join(', ')} or ${ENQUIRY_STATUSES[ENQUIRY_STATUSES.length - 1]}`;

export const EnquiryQuery = z.object({
  // held: the messages kept for review at the hourly ceiling (contact-form.ts), until a staff member acts on one.
  status: z.enum([...ENQUIRY_STATUSES, 'open', 'held', 'all'], { error: `status is ${named}, open, held or all` }).default('open'),
  assignee: z.string().trim().max(40).optional(),
  q: z.string().trim().max(200, 'The search is at most 200 characters').optional(),
  ...pageFields,
});
export type EnquiryQuery = z.infer<typeof EnquiryQuery>;

const version = versionRead('enquiry');
export const EnquiryUpdate = z
  .object({
    status: z.enum(ENQUIRY_STATUSES, { error: `status is ${oneOf}` }).optional(),
    /** A staff member's id, or null for nobody. */
    assigneeId: z
      .string()
      .refine((v) => isUuid(v), 'assigneeId is a staff member’s id')
      .nullable()
      .optional(),
    version,
  })
  .refine((v) => v.status !== undefined || v.assigneeId !== undefined, 'Give a status or an assignee to change');
export type EnquiryUpdate = z.infer<typeof EnquiryUpdate>;

export const NoteInput = z.object({
  note: z.string({ error: 'Write the note' }).trim().min(1, 'Write the note').max(5000, 'A note is at most 5,000 characters'),
});
export const ReplyInput = z.object({
  message: z.string({ error: 'Write the reply' }).trim().min(1, 'Write the reply').max(10_000, 'A reply is at most 10,000 characters'),
});
