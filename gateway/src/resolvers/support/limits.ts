import { badInput } from '../../errors.js';

export const MAX_PAGE_SIZE = 100;
export const MAX_FIRST = 50;

export function intInRange(value: number | null | undefined, fallback: number, min: number, max: number, field: string): number {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < min || n > max) throw badInput(`${field} must be a whole number from ${min} to ${max}`, field);
  return n;
}

export function text(value: string | null | undefined, field: string, max = 100): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (v.length > max) throw badInput(`${field} must be at most ${max} characters`, field);
  return v;
}
