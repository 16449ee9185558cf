import type { EnquiryDeskRecord } from '@digitic/rest-contract';
import { enquiryStatusAfterReply } from '@digitic/shop-rules';
import { type Kysely, sql } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import { conflict, notFound, unavailable } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';
import { complaintAcknowledged } from '../complaints/complaints.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { changeEnquiry } from './record.js';
import type { ShopIdentityReader } from '../settings/settings.js';

// Replies to enquiries: e-mailed through the shop's mailer and kept on the enquiry, with whether the mailer
// took them. Each delivery is claimed first, so a reply is never e-mailed twice from here.

/** A claim older than this was left by a process that stopped mid-send (the mailer gives up well before): it is taken again. */
const CLAIM_LAPSES = '15 minutes';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The reply as the person who wrote receives it: the answer, who answered, and what they wrote. */
export function replyMail(r: {
  to: string;
  name: string;
  message: string;
  staffName: string;
  asked: string;
  shopName: string;
  /** The shop's support address: the customer's answer reaches people, not the no-reply sender. */
  replyTo: string;
}): MailMessage {
  const quoted = r.asked
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  const text = [`Hello ${r.name},`, '', r.message, '', `${r.staffName}, ${r.shopName}`, '', 'You wrote:', quoted].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(r.name)},</p>`,
    ...r.message.split(/\n{2,}/).map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    `<p>${escapeHtml(r.staffName)}, ${escapeHtml(r.shopName)}</p>`,
    `<blockquote>${escapeHtml(r.asked).replace(/\n/g, '<br>')}</blockquote>`,
  ].join('\n');
  return { to: r.to, subject: `Your message to ${r.shopName}`, text, html, replyTo: r.replyTo };
}

export interface EnquiryRepliesDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  shop: ShopIdentityReader;
  log: (line: string, detail?: unknown) => void;
  /** The enquiry as the inbox shows it, answered once the reply is dealt with. */
  get: (id: string) => Promise<EnquiryDeskRecord>;
}

export function enquiryReplies(deps: EnquiryRepliesDeps) {
  const { db, get } = deps;

  /**
   * Hands a recorded reply to the mailer once its delivery is claimed, and notes on it whether the mailer took
   * it. The claim (sending_at) is the reply's guarded update: written only where the reply is not sent and no
   * delivery holds it, so of concurrent deliveries one goes ahead; a failed send clears it (Send again works).
   */
  async function deliver(id: string, eventId: string, mail: MailMessage) {
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      deps.log(`enquiry ${id}: the reply ${eventId} was not sent`, err);
      const why = err instanceof Error ? err.message.slice(0, 300) : 'the mailer refused it';
      await db.updateTable('enquiry_events').set({ send_error: why, sending_at: null }).where('id', '=', eventId).execute();
      throw unavailable('The reply is kept on the enquiry but could not be e-mailed now: use Send again on it shortly.');
    }
    await db
      .updateTable('enquiry_events')
      .set({ sent_at: new Date(), send_error: null, sending_at: null })
      .where('id', '=', eventId)
      .execute();
  }

  /** Claims the reply's delivery: true for the one caller that may send it now. */
  async function claim(eventId: string): Promise<boolean> {
    const claimed = await db
      .updateTable('enquiry_events')
      .set({ sending_at: sql<Date>`now()` })
      .where('id', '=', eventId)
      .where('kind', '=', 'reply')
      .where('sent_at', 'is', null)
      .where((eb) => eb.or([eb('sending_at', 'is', null), eb('sending_at', '<', sql<Date>`now() - ${CLAIM_LAPSES}::interval`)]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }

  return {
    /**
     * E-mails a reply to the person who wrote, through the shop's mailer, and keeps it on the enquiry: the
     * reply is recorded first (nothing written is lost), then sent; the record says whether the mailer took
     * it. A first reply moves a Submitted enquiry to Contacted.
     */
    async reply(id: string, message: string, actor: Actor, staffName: string) {
      if (!isUuid(id)) throw notFound('Enquiry not found');
      await deps.mailer.ready();
      const shop = await deps.shop();
      const { eventId, mail } = await db.transaction().execute(async (trx) => {
        const e = await trx.selectFrom('enquiries').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!e) throw notFound('Enquiry not found');
        const mail = replyMail({
          to: e.email,
          name: e.name,
          message,
          staffName,
          asked: e.comment,
          shopName: shop.name,
          replyTo: shop.email,
        });
        const row = await trx
          .insertInto('enquiry_events')
          // Claimed as it is written: a Send again clicked while this first delivery is under way waits for it.
          .values({
            enquiry_id: id,
            kind: 'reply',
            body: message,
            subject: mail.subject,
            staff_id: actor.id as string,
            sending_at: sql<Date>`now()`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const status = enquiryStatusAfterReply(e.status);
        await changeEnquiry(trx, id, status !== e.status ? { status } : {});
        // A reply acknowledges a complaint (rule 4(5): within 48 hours).
        await complaintAcknowledged(trx, { enquiryId: id });
        await recordAudit(trx, actor, {
          action: 'enquiry.replied',
          subject: { kind: 'enquiry', id },
          before: { status: e.status },
          // The reply's id names it (its address is on the enquiry): the append-only trail keeps no shopper's e-mail.
          after: { status, eventId: row.id, subject: mail.subject },
        });
        return { eventId: row.id, mail };
      });
      await deliver(id, eventId, mail);
      return get(id);
    },

    /**
     * Sends again a reply the mailer did not take (it says so on the enquiry). A reply sent is never sent twice
     * from here: the delivery is claimed first (one guarded update), so of several clicks at once, or one made
     * while the reply is still being sent, one e-mails it and the others are told so.
     */
    async resend(id: string, eventId: string, actor: Actor, staffName: string) {
      if (!isUuid(id) || !isUuid(eventId)) throw notFound('Reply not found');
      await deps.mailer.ready();
      const read = () =>
        db
          .selectFrom('enquiry_events as v')
          .innerJoin('enquiries as e', 'e.id', 'v.enquiry_id')
          .select(['v.body', 'v.sent_at', 'v.kind', 'e.email', 'e.name', 'e.comment'])
          .where('v.id', '=', eventId)
          .where('v.enquiry_id', '=', id)
          .executeTakeFirst();
      const reply = await read();
      if (!reply || reply.kind !== 'reply') throw notFound('Reply not found');
      if (reply.sent_at) throw conflict('This reply was sent already', 'eventId');
      if (!(await claim(eventId))) {
        if ((await read())?.sent_at) throw conflict('This reply was sent already', 'eventId');
        throw conflict('This reply is being sent now: reload the enquiry in a moment to see whether it went', 'eventId');
      }
      const shop = await deps.shop();
      const mail = replyMail({
        to: reply.email,
        name: reply.name,
        message: reply.body,
        staffName,
        asked: reply.comment,
        shopName: shop.name,
        replyTo: shop.email,
      });
      try {
        await recordAudit(db, actor, {
          action: 'enquiry.reply_resent',
          subject: { kind: 'enquiry', id },
          after: { eventId },
        });
      } catch (err) {
        await db.updateTable('enquiry_events').set({ sending_at: null }).where('id', '=', eventId).execute();
        throw err;
      }
      await deliver(id, eventId, mail);
      return get(id);
    },
  };
}
