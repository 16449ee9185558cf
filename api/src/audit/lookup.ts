import { createHmac } from 'node:crypto';
import { phoneDigits } from '@digitic/shop-rules';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Actor } from './actor.js';
import { recordAudit } from './record.js';

// The one rule for reading personal data: a staff search whose query is personal data (an e-mail address or
// its beginning, a phone number) leaves a row in the audit trail, `<what>.searched`, naming who searched, a keyed
// hash of the query (never the query: the trail is append-only and an erasure cannot reach it), how many it found and which (the first 50 ids). Whatever desk it is typed on: the
// customers desk, the order desk. A desk whose words are matched against a name or an e-mail as well (the
// enquiries inbox, the reviews) records every search of words ('text'): any of them may find a person. A
// search by something that names no person (an order number, a payment id, a status or dates) leaves none.

/** A query that is personal data, as the desks read it: an e-mail (or its beginning), or a phone number. */
export type PersonalQuery = { by: 'email'; value: string } | { by: 'phone'; value: string };

/** A phone number as typed: digits, spaces and dashes, perhaps a leading + (6 to 20 characters). */
const PHONE = /^\+?[\d\s-]{6,20}$/;

/**
 * What a search text is, when it is personal data: a phone number (as the shop keeps it: digits, no spaces,
 * no +91 or trunk 0), or an e-mail (lowercase; anything with an @). Null for anything else.
 */
export function personalQuery(text: string): PersonalQuery | null {
  const q = text.trim();
  // As the shop keeps a phone (shop-rules' phoneDigits: +91, 0091, 91 or a trunk 0 before ten digits taken off).
  if (PHONE.test(q)) return { by: 'phone', value: phoneDigits(q).replace(/[\s-]/g, '') };
  if (q.includes('@')) return { by: 'email', value: q.toLowerCase() };
  return null;
}

/** The most ids one row keeps: the count says how many there were. */
export const LOOKUP_IDS_KEPT = 50;

export interface Lookup {
  /** What the answer lists ('customer', 'order'): the row's action is `<what>.searched`. */
  what: string;
  /** The query as it was typed: never kept, only its key (see lookupTrail). */
  query: string;
  /** How it was read. */
  /** 'text': a search of words over fields that hold personal data (a name, an e-mail) as well as others. */
  by: PersonalQuery['by'] | 'email prefix' | 'text';
  /** How many matched in all. */
  found: number;
  /** The ids answered (the first 50 are kept). */
  ids: readonly string[];
}

/** A query as its key is made of: as the desks read it (a phone's digits, an e-mail lowercased), else NFKC words lowercased. */
export function normalisedQuery(text: string): string {
  const personal = personalQuery(text);
  if (personal) return `${personal.by}:${personal.value}`;
  return `text:${text.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ')}`;
}

/**
 * The trail's look-up rows (issue 53): the query as typed is personal data, and the trail is append-only, so a row
 * keeps a keyed hash of the normalised query (`queryKey`, HMAC-SHA-256 under a key drawn from the api's secret)
 * with how it was read, how many it found and which. "Who looked up this e-mail?" is answered by keying the
 * e-mail again (the audit screen's `searchedFor`); a row read alone names no one. A new secret starts new keys.
 */
export function lookupTrail(secret: string) {
  const key = createHmac('sha256', secret).update('digitic staff look-ups').digest();
  const keyOf = (text: string) =>
    createHmac('sha256', key)
      .update(normalisedQuery(text.slice(0, 254)))
      .digest('base64url');
  return {
    keyOf,
    /** Records one search of personal data (called by every desk that answers one; in the change's transaction where there is one). */
    async record(db: Kysely<Database> | Transaction<Database>, actor: Actor, lookup: Lookup): Promise<void> {
      await recordAudit(db, actor, {
        action: `${lookup.what}.searched`,
        after: {
          queryKey: keyOf(lookup.query),
          by: lookup.by,
          found: lookup.found,
          ids: lookup.ids.slice(0, LOOKUP_IDS_KEPT),
        },
      });
    },
  };
}

export type LookupTrail = ReturnType<typeof lookupTrail>;
