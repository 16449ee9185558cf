import { isUuid } from '../domain/ids.js';
import { z } from 'zod';
import { badRequest, notFound } from '../domain/errors.js';

/** Parses input with a zod schema; the first problem becomes a 400 naming its field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  const message = issue?.message ?? 'Invalid input';
  throw badRequest(field && !message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${message}` : message, field);
}

/**
 * A compile-time check that a validator takes the contract's body (rest-contract): \`Accepts<typeof X, XBody>\`
 * fails to type-check when a body of the contract's type could be refused for its shape.
 */
export type Accepts<S extends z.ZodType, Body extends z.input<S>> = [S, Body];

export { isUuid };

/** The version of the record a write was made from (optimistic concurrency): `version is the <thing> version you read` when missing. */
export const versionRead = (thing: string) =>
  z
    .number({ error: `version is the ${thing} version you read` })
    .int()
    .min(0);

/** A desk list's page fields (spread last into its query): page from 1, pageSize up to 100 (25 unless asked). */
export const pageFields = {
  page: z.coerce.number({ error: 'page is a whole number from 1' }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number({ error: 'pageSize is a whole number' }).int().min(1).max(100, 'pageSize is at most 100').default(25),
};

/** A path id that is malformed is as unknown as one that does not exist: 404 naming the thing. */
export function pathId(value: unknown, what: string): string {
  if (!isUuid(value)) throw notFound(`${what} not found`);
  return value.toLowerCase();
}

/** What no text column can store, or PostgreSQL's JSON refuses: a NUL character, or half of a UTF-16 surrogate pair. */
function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  // In a `u` pattern a pair is one character; only a half without its other half is a surrogate code point.
  if (/\p{Cs}/u.test(text)) return 'must be well-formed text (it holds half of a character: a lone UTF-16 surrogate)';
  return null;
}

/**
 * The first string in `value` (a parsed body or query: its values and its keys) that no text column can store,
 * and what is wrong with it, as `{ field, problem }`; null when every string is well formed.
 */
export function illFormedTextAt(value: unknown, at = ''): { field: string; problem: string } | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { field: at || 'value', problem } : null;
  }
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = illFormedTextAt(v, `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const field = at ? `${at}.${k}` : k;
      const keyProblem = textProblem(k);
      if (keyProblem) return { field: at ? `a field name in ${at}` : 'a field name', problem: keyProblem };
      const found = illFormedTextAt(v, field);
      if (found) return found;
    }
  }
  return null;
}
