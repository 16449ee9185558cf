import { returnWindowEnds } from '@digitic/shop-rules';
import type { Kysely, Transaction } from 'kysely';
import { SYSTEM } from '../audit/actor.js';
import type { Database, LineQuantity, NoticeKind } from '../db/schema.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { sendOnce } from '../mail/send-once.js';
import {
  cancelledMail,
  deliveredMail,
  type NoticeContext,
  type NoticeLine,
  refundedMail,
  returnApprovedMail,
  returnRejectedMail,
  shippedMail,
} from './mail.js';
import { addOrderEvent } from './timeline.js';
import type { ShopIdentityReader } from '../settings/settings.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Records that an order's event owes the shopper an e-mail, in the event's own transaction: the event
 * and its notice stand or fall together. `key` names the event (e.g. `refunded:<refund id>`): a second
 * notice for the same event is not written.
 */
export async function enqueueNotice(db: Db, orderId: string, kind: NoticeKind, key: string, detail: Record<string, unknown> = {}) {
  await db
    .insertInto('order_notices')
    .values({ order_id: orderId, kind, event_key: key, detail: JSON.stringify(detail) })
    .onConflict((oc) => oc.column('event_key').doNothing())
    .execute();
}

export interface NoticesDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  log: (line: string, detail?: unknown) => void;
  webUrl: string;
  /** The shop's name as saved (settings). */
  shop: ShopIdentityReader;
  returnWindowDays: number;
  sent?: (kind: NoticeKind) => void;
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** The order notices' sender: each notice claimed once (the claim-and-send of mail/send-once.ts), retried until sent. */
export function noticesService(deps: NoticesDeps) {
  const { db } = deps;

  async function linesOf(orderId: string, lines: LineQuantity[]): Promise<NoticeLine[]> {
    if (lines.length === 0) return [];
    const items = await db
      .selectFrom('order_items as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .innerJoin('colors as c', 'c.id', 'i.color_id')
      .select(['i.id', 'p.title', 'c.title as color'])
      .where('i.order_id', '=', orderId)
      .execute();
    return lines.flatMap((l) => {
      const item = items.find((i) => i.id === l.itemId);
      return item ? [{ title: item.title, color: item.color, quantity: l.quantity }] : [];
    });
  }

  async function compose(id: string): Promise<MailMessage | null> {
    const n = await db
      .selectFrom('order_notices as n')
      .innerJoin('orders as o', 'o.id', 'n.order_id')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select(['n.kind', 'n.detail', 'n.order_id', 'o.delivered_at', 'c.email', 'c.firstname'])
      .where('n.id', '=', id)
      .executeTakeFirstOrThrow();
    const c: NoticeContext = {
      to: n.email,
      firstname: n.firstname,
      orderId: n.order_id,
      ordersUrl: `${deps.webUrl}/my-orders`,
      shopName: (await deps.shop()).name,
    };
    const d = n.detail;
    switch (n.kind) {
      case 'shipped':
        return shippedMail(c, {
          carrier: str(d.carrier) ?? '',
          trackingNumber: str(d.trackingNumber) ?? '',
          trackingUrl: str(d.trackingUrl),
        });
      case 'delivered':
        return deliveredMail(c, returnWindowEnds(n.delivered_at, deps.returnWindowDays));
      case 'cancelled':
        return cancelledMail(c, { refundPaise: Number(d.refundPaise ?? 0), reason: str(d.reason), byShopper: d.byShopper === true });
      case 'refunded': {
        const r = await db.selectFrom('order_refunds').selectAll().where('id', '=', String(d.refundId)).executeTakeFirstOrThrow();
        return refundedMail(c, {
          amountPaise: r.amount,
          reason: r.reason,
          refundId: r.provider_refund_id ?? r.id,
          lines: await linesOf(n.order_id, r.lines),
        });
      }
      case 'return-approved':
      case 'return-rejected': {
        const r = await db.selectFrom('returns').selectAll().where('id', '=', String(d.returnId)).executeTakeFirstOrThrow();
        const input = { lines: await linesOf(n.order_id, r.lines), note: r.decision_note };
        return n.kind === 'return-approved' ? returnApprovedMail(c, input) : returnRejectedMail(c, input);
      }
    }
  }

  /** Sends one notice if nobody has: the claim writes sent_at where it is null; a failed send gives it back. */
  async function send(notice: { id: string; order_id: string; kind: NoticeKind }): Promise<boolean> {
    const sent = await sendOnce(deps.mailer, deps.log, {
      what: `order ${notice.order_id}: the ${notice.kind} e-mail`,
      claim: () =>
        db
          .updateTable('order_notices')
          .set((eb) => ({ sent_at: new Date(), claimed_at: new Date(), attempts: eb('attempts', '+', 1) }))
          .where('id', '=', notice.id)
          .where('sent_at', 'is', null)
          .executeTakeFirst(),
      release: (err) =>
        db
          .updateTable('order_notices')
          .set({ sent_at: null, last_error: err.message.slice(0, 500) })
          .where('id', '=', notice.id)
          .execute(),
      compose: () => compose(notice.id),
    });
    if (sent) {
      deps.sent?.(notice.kind);
      await addOrderEvent(db, notice.order_id, 'email', SYSTEM, { detail: { email: notice.kind } });
    }
    return sent;
  }

  async function flushNow(limit: number): Promise<number> {
    const pending = await db
      .selectFrom('order_notices')
      .select(['id', 'order_id', 'kind'])
      .where('sent_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
    let sent = 0;
    for (const n of pending) if (await send(n)) sent += 1;
    return sent;
  }

  // One pass at a time in this process: a pass asked for while one runs starts after it, so whoever
  // waits for a flush knows every notice written before the call was tried (other processes claim apart).
  let running: Promise<unknown> = Promise.resolve();
  return {
    /** Sends every notice not sent yet (oldest first); the timer calls it, and each action after its commit. */
    flush(limit = 50): Promise<number> {
      const pass = running.then(() => flushNow(limit));
      running = pass.catch(() => undefined);
      return pass;
    },
  };
}

export type NoticesService = ReturnType<typeof noticesService>;
