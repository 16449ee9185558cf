import { createHmac, timingSafeEqual } from 'node:crypto';

// A search's answer carries a ticket: what it searched for, found and took, signed by the api. The storefront
// hands it back when the results are shown (search/log.ts), so the log counts searches a cache answered too and
// holds only what the shop itself answered: nobody can log a search the shop never made, or change its figures.
// A logged search's id for "a result was opened" is signed the same way.

/** A ticket is taken up to this long after its answer (a cached results page may be shown later). */
export const TICKET_MS = 24 * 60 * 60_000;

export interface SearchTicket {
  /** The words searched for, as the log keeps them: lower-cased, one space between, at most 100 characters. */
  query: string;
  results: number;
  tookMs: number;
  /** When the search was answered (ms since the epoch). */
  at: number;
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

export function searchTickets(secret: string) {
  const key = createHmac('sha256', secret).update('digitic search log').digest();
  const sign = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  const signed = (text: string) => `${text}.${sign(text)}`;
  /** The text of a signed value, or null when its signature is not the api's. */
  const verified = (value: string): string | null => {
    const cut = value.lastIndexOf('.');
    if (cut <= 0) return null;
    const text = value.slice(0, cut);
    // Compared as the bytes of the text sent: one spelling of a signature, never a lenient decoding of another.
    const given = Buffer.from(value.slice(cut + 1), 'utf8');
    const wanted = Buffer.from(sign(text), 'utf8');
    return given.length === wanted.length && timingSafeEqual(given, wanted) ? text : null;
  };
  return {
    issue: (t: SearchTicket) => signed(`s1.${b64(t.query)}.${t.results}.${t.tookMs}.${t.at}`),
    /** The ticket's search, or null when it is not the api's, or too old. */
    read(ticket: string, now = Date.now()): SearchTicket | null {
      const text = ticket.length <= 600 ? verified(ticket) : null;
      const m = text ? /^s1\.([\w-]+)\.(\d{1,9})\.(\d{1,9})\.(\d{13})$/.exec(text) : null;
      if (!m) return null;
      const at = Number(m[4]);
      if (at > now + 60_000 || now - at > TICKET_MS) return null;
      return { query: Buffer.from(m[1] ?? '', 'base64url').toString('utf8'), results: Number(m[2]), tookMs: Number(m[3]), at };
    },
    /** A logged search's id, signed: what the storefront sends when one of its results is opened. */
    openToken: (id: string) => signed(`o1.${id}`),
    openedId(token: string): string | null {
      const text = token.length <= 200 ? verified(token) : null;
      return text ? (/^o1\.(\d{1,19})$/.exec(text)?.[1] ?? null) : null;
    },
  };
}

export type SearchTickets = ReturnType<typeof searchTickets>;
