import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../db/migrate.js';
import { openTestDb } from '../test/harness.js';
import { keepNote, withNotes } from './notes.js';

// Migration 0038 moves the words people typed out of the append-only rows written before it, once: into notes (an
// erasure reaches them) with a reference in their place; look-ups lose their query. The triggers come back after.
describe('the migration that took words out of the append-only trail', () => {
  it('moves notes and reasons to notes, drops look-ups’ queries, records that it did, and leaves the trail append-only', async () => {
    const target = await openTestDb();
    try {
      await migrateTo(target.db, '0037-tax-document-pdfs');
      const customer = await sql<{ id: string }>`
        insert into customers (firstname, email, password_hash) values ('Ravi', 'ravi.kumar@example.com', 'x') returning id`.execute(
        target.db,
      );
      const customerId = customer.rows[0]?.id as string;
      const order = await sql<{ id: string }>`
        insert into orders (customer_id, shipping_info, razorpay_order_id, razorpay_payment_id, total_price, total_price_after_discount, paid_at)
        values (${customerId}, '{}', 'order_1', 'pay_1', 100, 100, now()) returning id`.execute(target.db);
      const orderId = order.rows[0]?.id as string;
      const row = (action: string, after: unknown, subject = orderId) =>
        sql`insert into audit_log (actor_kind, actor_label, action, subject_kind, subject_id, after)
            values ('staff', 'desk@example.com', ${action}, ${action.split('.')[0]}, ${subject}, ${JSON.stringify(after)}::jsonb)`.execute(
          target.db,
        );
      await row('order.note', { note: 'Rang Ravi Kumar on 98765 43210' });
      await row('order.status', { status: 'Cancelled', version: 2, note: 'Ravi asked by phone' });
      await row('customer.searched', { query: 'ravi.kumar@example.com', by: 'email', found: 1, ids: ['x'] });
      await row('enquiry.noted', { eventId: '7', note: 'Ravi rang again' });
      await row('enquiry.replied', { status: 'answered', eventId: '8', to: 'ravi.kumar@example.com', subject: 'Re: your message' });
      // A moderator's reason for a review that is gone (deleted by its author, or erased): no one's to keep.
      await row('review.hidden', { hidden: true, reason: 'Ravi posted his number', star: 1 }, '6f1c2d3e-0000-4000-8000-00000000000f');
      await row('order.status', { status: 'Shipped', version: 1 });
      await sql`insert into order_events (order_id, kind, actor_kind, detail)
                values (${orderId}, 'note', 'staff', ${JSON.stringify({ note: 'Ravi wants it gift-wrapped' })}::jsonb)`.execute(target.db);
      await migrateToLatest(target.db);

      const { rows } = await sql<{ action: string; after: Record<string, unknown> }>`
        select action, after from audit_log order by id`.execute(target.db);
      const events = await sql<{ detail: Record<string, unknown> }>`select detail from order_events`.execute(target.db);
      const text = JSON.stringify([rows, events.rows]);
      expect(text).not.toContain('Ravi');
      expect(text).not.toContain('ravi');
      const [note, cancelled, searched, noted, replied, review, shipped, rewritten] = rows;
      expect(note?.after).toEqual({ note: { noteId: expect.any(String) } });
      expect(cancelled?.after).toEqual({ status: 'Cancelled', version: 2, note: { noteId: expect.any(String) } });
      expect(searched?.after).toEqual({ queryKey: null, by: 'email', found: 1, ids: ['x'] });
      expect(noted?.after).toEqual({ eventId: '7' });
      expect(replied?.after).toEqual({ status: 'answered', eventId: '8', subject: 'Re: your message' });
      expect(review?.after).toEqual({ hidden: true, reason: null, star: 1 });
      expect(shipped?.after).toEqual({ status: 'Shipped', version: 1 });
      expect(rewritten).toMatchObject({ action: 'audit.rewritten', after: { rows: 7 } });
      expect(events.rows[0]?.detail).toEqual({ note: { noteId: expect.any(String) } });
      // Each note names the shopper it is about, so their erasure reaches it.
      const kept = await sql<{ customer_id: string }>`select customer_id from notes`.execute(target.db);
      expect(kept.rows).toEqual([{ customer_id: customerId }, { customer_id: customerId }, { customer_id: customerId }]);
      // The words are where the readers find them.
      const [read] = await withNotes(target.db, [note?.after]);
      expect(read).toEqual({ note: 'Rang Ravi Kumar on 98765 43210' });
      // The trail is append-only again.
      await expect(sql`update audit_log set after = null`.execute(target.db)).rejects.toThrow(/append-only/);
      const triggers = await sql<{ tgname: string; tgenabled: string }>`
        select tgname, tgenabled from pg_trigger where tgname in ('audit_log_append_only', 'order_events_append_only') order by 1`.execute(
        target.db,
      );
      expect(triggers.rows).toEqual([
        { tgname: 'audit_log_append_only', tgenabled: 'O' },
        { tgname: 'order_events_append_only', tgenabled: 'O' },
      ]);
    } finally {
      await target.drop();
    }
  });

  it('reads a note back where it is referred to, and leaves everything else as it is', async () => {
    const target = await openTestDb();
    try {
      await migrateToLatest(target.db);
      const ref = await keepNote(target.db, 'Packed twice', { customerId: null });
      const out = await withNotes(target.db, [
        { note: ref, reason: 'kept', n: 1 },
        null,
        // Only the fields that hold notes, only an id shaped as one: anything else is left as it was written.
        { other: ref, note: { noteId: ref.noteId, more: 1 } },
        { reason: { noteId: 'not-an-id' } },
      ]);
      expect(out).toEqual([
        { note: 'Packed twice', reason: 'kept', n: 1 },
        null,
        { other: ref, note: { noteId: ref.noteId, more: 1 } },
        { reason: { noteId: 'not-an-id' } },
      ]);
    } finally {
      await target.drop();
    }
  });
});
