import { tooManyRequests } from '../domain/errors.js';
import type { AttemptRule, AttemptWindows } from './attempts.js';

export interface Counter {
  key: string;
  rule: AttemptRule;
  /** The refusal's words when this counter is full, given how long until its window ends. */
  refusal: (retryMs: number) => string;
}

/**
 * Takes one place in each counter, in order, or none: the first full one refuses (429, in its words) and the
 * places already taken are given back, its own too, so a counter holds exactly the attempts that went ahead
 * (and those under way). Answers the function that gives every place back (the attempt is not to count).
 */
export async function reserveAll(attempts: AttemptWindows, counters: readonly Counter[]): Promise<() => Promise<void>> {
  const taken: string[] = [];
  const giveBack = async () => {
    await Promise.all(taken.map((key) => attempts.release(key).catch(() => undefined)));
  };
  for (const c of counters) {
    const reserved = await attempts.reserve(c.key, c.rule).catch(async (err: unknown) => {
      await giveBack();
      throw err;
    });
    taken.push(c.key);
    if (!reserved.allowed) {
      await giveBack();
      throw tooManyRequests(c.refusal(reserved.retryMs));
    }
  }
  return giveBack;
}

/** "1 minute", "42 minutes": how long to wait, rounded up. */
export const waitMinutes = (ms: number) => {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return `${n} minute${n === 1 ? '' : 's'}`;
};
