import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ROUTES } from '../../config/routes';
import { useSettle } from '../../lib/settle';

/** What a price field holds, as the address spells it: whole rupees, or nothing. */
const rupees = (typed: string): number | null => (/^\d{1,9}$/.test(typed.trim()) ? Number(typed.trim()) : null);

interface Props {
  min: number | null;
  max: number | null;
  /** The address's other filters, kept when the form is sent before the app has started. */
  keep: [string, string][];
  onApply: (range: { minPrice: number | null; maxPrice: number | null }) => void;
}

/**
 * The store's price range. The fields are the shopper's while they type: the range is applied once, when
 * the typing pauses, the field is left or Enter is pressed (lib/settle.ts), so "20000" typed key by key
 * filters by 20000 and adds one entry to the history. Before the app starts it is a plain form that asks
 * the server for the filtered store.
 */
export function PriceFilter({ min, max, keep, onApply }: Props) {
  const [from, setFrom] = useState(min === null ? '' : String(min));
  const [to, setTo] = useState(max === null ? '' : String(max));
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const { settle, flush, cancel } = useSettle((range: { from: string; to: string }) => {
    const next = { minPrice: rupees(range.from), maxPrice: rupees(range.to) };
    if (next.minPrice !== min || next.maxPrice !== max) onApply(next);
  });
  // What was typed before this component was live (the server's form, or the filters before they hydrated) is
  // the shopper's: taken as typed, and applied as any typing is.
  useLayoutEffect(() => {
    const typedFrom = fromRef.current?.value ?? '';
    const typedTo = toRef.current?.value ?? '';
    if (typedFrom === from && typedTo === to) return;
    setFrom(typedFrom);
    setTo(typedTo);
    settle({ from: typedFrom, to: typedTo });
    // Once, on mount: later values are the component's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The address changed otherwise (Back, another filter that clears the range): show it, unless the shopper is typing.
  useEffect(() => {
    if (document.activeElement === fromRef.current || document.activeElement === toRef.current) return;
    cancel();
    setFrom(min === null ? '' : String(min));
    setTo(max === null ? '' : String(max));
  }, [min, max, cancel]);

  return (
    <form
      method="get"
      action={ROUTES.store}
      className="price-range"
      onSubmit={(e) => {
        e.preventDefault();
        flush();
      }}
    >
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label>
        From
        <input
          ref={fromRef}
          name="min"
          type="number"
          min={0}
          inputMode="numeric"
          value={from}
          onChange={(e) => {
            setFrom(e.target.value);
            settle({ from: e.target.value, to });
          }}
          onBlur={flush}
        />
      </label>
      <label>
        To
        <input
          ref={toRef}
          name="max"
          type="number"
          min={0}
          inputMode="numeric"
          value={to}
          onChange={(e) => {
            setTo(e.target.value);
            settle({ from, to: e.target.value });
          }}
          onBlur={flush}
        />
      </label>
      <button type="submit" className="button secondary">
        Apply
      </button>
    </form>
  );
}
