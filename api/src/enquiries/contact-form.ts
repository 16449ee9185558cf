import type { Kysely, Selectable } from 'kysely';
import type { AttemptRule, AttemptWindows } from '../auth/attempts.js';
import { type Counter, reserveAll, waitMinutes } from '../auth/reserve-all.js';
import { DomainError } from '../domain/errors.js';
import type { Database, EnquiriesTable } from '../db/schema.js';
import { networkKey } from '../http/client-address.js';
import { openComplaint } from '../complaints/complaints.js';
import type { Mailer } from '../mail/mailer.js';
import type { ShopIdentityReader } from '../settings/settings.js';

const HOUR = 60 * 60_000;

/**
 * How many messages the contact form takes, each counted when it is stored (a refused or invalid one is not).
 * A person writes once or twice, a household or an office behind one address a few times more; the shop's
 * inbox is read by a few people, who answer some dozens a day: two hundred an hour is far above a busy day
 * and bounds what a botnet of many addresses and e-mails can pile into it.
 */
export const ENQUIRY_LIMITS = {
  /** From one client address (an IPv6 one by its /64). */
  perAddress: { limit: 5, windowMs: HOUR },
  /** From one network (an IPv4 /24, an IPv6 /48): many addresses of one owner count together. */
  perNetwork: { limit: 20, windowMs: HOUR },
  /** From one e-mail however it is spelled (senderKey: case, +tags, Gmail's dots). */
  perEmail: { limit: 3, windowMs: HOUR },
  /** From everyone not signed in: the inbox's ceiling for messages anyone can send. */
  shopWide: { limit: 200, windowMs: HOUR },
  /**
   * Complaints (rule 4(5) of the E-Commerce Rules: the grievance channel stays open) have a ceiling of their own,
   * apart from the messages': a flood of questions from many networks does not close it.
   */
  complaintsShopWide: { limit: 200, windowMs: HOUR },
  /** From one signed-in account: its own budget, apart from the anonymous ceiling and the address's. */
  perAccount: { limit: 5, windowMs: HOUR },
  /**
   * Past a ceiling (messages' or complaints'), messages are kept for review (held) rather than refused, up to this
   * many an hour: the inbox's growth stays bounded, and a flood does not close the channel to the next sender.
   */
  heldShopWide: { limit: 2000, windowMs: HOUR },
  /** Staff are told by e-mail when messages start being held: once an hour at most. */
  heldNotice: { limit: 1, windowMs: HOUR },
} satisfies Record<string, AttemptRule>;

/**
 * An e-mail address as the one mailbox it reaches: lower-cased, the local part's +tag dropped (most mail
 * services deliver user+anything to user), and for Gmail (gmail.com and googlemail.com alike) its dots
 * dropped too (Gmail ignores them).
 */
export function senderKey(email: string): string {
  const e = email.trim().toLowerCase();
  const at = e.lastIndexOf('@');
  if (at < 0) return e;
  let local = e.slice(0, at);
  let domain = e.slice(at + 1).replace(/\.+$/, '');
  local = local.split('+')[0] ?? '';
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

export interface EnquiryInput {
  name: string;
  email: string;
  mobile: string;
  comment: string;
  /** Marked a complaint by the sender: it gets a ticket (complaints/complaints.ts). */
  complaint?: boolean;
  /** The signed-in sender's account, when they wrote from its e-mail. */
  customerId?: string | null;
}

/**
 * Stores a message of the contact form once its sender, its e-mail and the shop each have room for one more
 * this hour (reserved first, in one upsert each: concurrent messages each take their own place); over a
 * sender's limit it is refused (429) saying how long to wait. Over the shop's ceiling it is kept, held for review
 * (held_at), up to heldShopWide an hour, and staff are told (tellStaffOfHeld). `address` is null when the api does not know the
 * client's (a gateway that named none): the e-mail's and the shop's limits still hold. A signed-in shopper's
 * message is counted by the account and its mailbox only (making accounts is itself limited per client); a
 * complaint counts against the complaints' own ceiling, not the messages'.
 */
export async function receiveEnquiry(
  deps: { db: Kysely<Database>; attempts: AttemptWindows; config?: { enquiryLimitPerClient: number } },
  input: EnquiryInput,
  address: string | null,
): Promise<Selectable<EnquiriesTable> & { ticket: string | null }> {
  const perEmail = {
    key: `enquiry-email:${senderKey(input.email)}`,
    rule: ENQUIRY_LIMITS.perEmail,
    refusal: (ms: number) => `We have several messages from this e-mail address in the last hour. Please try again in ${waitMinutes(ms)}.`,
  };
  // A signed-in shopper writing from the account's e-mail is counted by the account and the mailbox alone: no
  // stranger's flood from their network, or from the whole internet, closes the shop's door to its own customers.
  const signedIn = input.customerId
    ? [
        {
          key: `enquiry-account:${input.customerId}`,
          rule: ENQUIRY_LIMITS.perAccount,
          refusal: (ms: number) => `You have sent us several messages in the last hour. Please try again in ${waitMinutes(ms)}.`,
        },
        perEmail,
      ]
    : null;
  const ceiling: Counter = input.complaint
    ? {
        key: 'complaint-shop',
        rule: ENQUIRY_LIMITS.complaintsShopWide,
        refusal: (ms: number) => `We are receiving too many complaints right now. Please try again in ${waitMinutes(ms)}.`,
      }
    : {
        key: 'enquiry-shop',
        rule: ENQUIRY_LIMITS.shopWide,
        refusal: (ms: number) => `We are receiving too many messages right now. Please try again in ${waitMinutes(ms)}.`,
      };
  const giveBackSender = await reserveAll(
    deps.attempts,
    signedIn ?? [
      ...(address
        ? [
            {
              key: `enquiry-address:${address}`,
              rule: { ...ENQUIRY_LIMITS.perAddress, limit: deps.config?.enquiryLimitPerClient ?? ENQUIRY_LIMITS.perAddress.limit },
              refusal: (ms: number) => `You have sent us several messages in the last hour. Please try again in ${waitMinutes(ms)}.`,
            },
            {
              key: `enquiry-network:${networkKey(address)}`,
              rule: ENQUIRY_LIMITS.perNetwork,
              refusal: (ms: number) => `We have many messages from your network in the last hour. Please try again in ${waitMinutes(ms)}.`,
            },
          ]
        : []),
      perEmail,
    ],
  );
  // The shop's ceiling: a message past it is kept for review (held), not refused, up to a bound of its own; only
  // past that bound is it refused, in the ceiling's words.
  let held = false;
  let giveBackShop = async () => {};
  if (!signedIn) {
    try {
      giveBackShop = await reserveAll(deps.attempts, [ceiling]);
    } catch (err) {
      if (!(err instanceof DomainError && err.code === 'TOO_MANY_REQUESTS')) {
        await giveBackSender();
        throw err;
      }
      giveBackShop = await reserveAll(deps.attempts, [{ ...ceiling, key: 'enquiry-held', rule: ENQUIRY_LIMITS.heldShopWide }]).catch(
        async (refused: unknown) => {
          await giveBackSender();
          throw refused;
        },
      );
      held = true;
    }
  }
  const giveBack = async () => {
    await Promise.all([giveBackSender(), giveBackShop()]);
  };
  try {
    const { complaint, customerId, ...message } = input;
    return await deps.db.transaction().execute(async (trx) => {
      const e = await trx
        .insertInto('enquiries')
        .values({ ...message, customer_id: customerId ?? null, held_at: held ? new Date() : null })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { ...e, ticket: complaint ? await openComplaint(trx, { enquiryId: e.id }) : null };
    });
  } catch (err) {
    // Not stored: it does not count.
    await giveBack();
    throw err;
  }
}

/**
 * Tells the staff that messages are being held at the ceiling: one e-mail to the shop's support address an hour at
 * most (the flood itself is not forwarded). Failing to send is logged, never the sender's problem.
 */
export async function tellStaffOfHeld(deps: {
  attempts: AttemptWindows;
  mailer: Pick<Mailer, 'send'>;
  shop: ShopIdentityReader;
  log: (line: string, detail?: unknown) => void;
}): Promise<void> {
  try {
    const reserved = await deps.attempts.reserve('enquiry-held-notice', ENQUIRY_LIMITS.heldNotice);
    if (!reserved.allowed) return;
    const { name, email } = await deps.shop();
    const text = [
      `The contact form of ${name} reached its ceiling this hour (${ENQUIRY_LIMITS.shopWide.limit} messages, or ${ENQUIRY_LIMITS.complaintsShopWide.limit} complaints).`,
      'Messages sent since are kept, held for review, not refused: open Enquiries in the back office and choose "Held for review".',
      'A flood from many addresses looks like this; so does a busy day. Held messages are answered like any other.',
    ].join('\n\n');
    await deps.mailer.send({
      to: email,
      subject: `${name}: messages are being held for review`,
      text,
      html: text
        .split('\n\n')
        .map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`)
        .join(''),
    });
  } catch (err) {
    deps.log('the staff could not be told that messages are held', err);
  }
}
