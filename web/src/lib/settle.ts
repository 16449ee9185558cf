import { useCallback, useEffect, useRef } from 'react';

/**
 * How long a typed value rests before it is applied (the store's price filter, the cart's quantity): long
 * enough for a person typing "20000" key by key on a phone, short enough that the list answers the pause.
 */
export const SETTLE_MS = 700;

/**
 * The shop's one rule for inputs that change something as the shopper types: a value is applied once, when
 * the typing pauses for `SETTLE_MS`, or at once when the field is left or Enter is pressed (`flush`).
 * `settle(v)` keeps only the newest value; `cancel()` forgets it. A pending value is dropped when the
 * component goes (the shopper has navigated away). The field stays the shopper's own meanwhile: its value
 * is local state, never remounted by what the change renders.
 */
export function useSettle<T>(apply: (value: T) => void, delay = SETTLE_MS) {
  const latest = useRef(apply);
  latest.current = apply;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<{ value: T } | null>(null);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
  }, []);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const p = pending.current;
    pending.current = null;
    if (p) latest.current(p.value);
  }, []);
  const settle = useCallback(
    (value: T) => {
      pending.current = { value };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delay);
    },
    [flush, delay],
  );
  useEffect(() => cancel, [cancel]);
  return { settle, flush, cancel };
}
