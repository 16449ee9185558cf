import { type ChangeEvent, type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { QUANTITY_RULE } from '@digitic/shop-rules/quantity';
import { MAX_QUANTITY } from '../../config/constants';
import { useSettle } from '../../lib/settle';

/** A quantity the cart accepts, from what the field holds; null for anything else (empty, 0, 11, 1.5, -2). */
export function parseQuantity(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_QUANTITY ? n : null;
}

interface Props {
  title: string;
  /** The line's quantity as the server last answered it. */
  quantity: number;
  /** Sends one change; resolves true when the server took it. */
  onApply: (quantity: number) => Promise<boolean>;
}

/**
 * One cart line's quantity: − , the number, + . The field is the shopper's own while they use it: its text is
 * local state, never remounted by the server's answer, and a value is sent once, when typing (or tapping − / +)
 * pauses, or at once when focus leaves the stepper or Enter is pressed (`useSettle`, the shop's one rule).
 * Rapid taps therefore make one update and one toast. A value outside 1..MAX_QUANTITY is never sent, and is not
 * clamped either (clamping 50 to 10 would send a change nobody asked for): on leaving the field it goes back to
 * the last good value.
 */
export function CartLineQuantity({ title, quantity, onApply }: Props) {
  const [text, setText] = useState(String(quantity));
  const [sendingCount, setSendingCount] = useState(0);
  // Focus is inside the stepper: the server's answers then leave the field alone.
  const editing = useRef(false);
  // A value waits in `settle`.
  const waiting = useRef(false);
  const sending = useRef(0);
  // The last good value: what was last sent, else the server's quantity. The next change is compared with it,
  // so 2 → 3 (in flight) → 2 is sent again rather than taken for "no change".
  const target = useRef(quantity);
  const latestQuantity = useRef(quantity);
  latestQuantity.current = quantity;

  const apply = async (next: number) => {
    waiting.current = false;
    if (next === target.current) return;
    target.current = next;
    sending.current += 1;
    setSendingCount(sending.current);
    const ok = await onApply(next);
    sending.current -= 1;
    setSendingCount(sending.current);
    if (!ok && sending.current === 0 && !waiting.current) {
      target.current = latestQuantity.current;
      setText(String(latestQuantity.current));
    }
  };
  const { settle, flush, cancel } = useSettle((next: number) => void apply(next));

  // Resync from the server only when its quantity changes (or a send ends) and the shopper is not in the field.
  useEffect(() => {
    if (sending.current > 0) return;
    target.current = quantity;
    if (!editing.current && !waiting.current) setText(String(quantity));
  }, [quantity, sendingCount]);

  const propose = (next: number | null) => {
    if (next === null) {
      waiting.current = false;
      cancel();
    } else {
      waiting.current = true;
      settle(next);
    }
  };
  const commit = () => {
    flush();
    setText((current) => String(parseQuantity(current) ?? target.current));
  };
  const step = (delta: number) => {
    const base = parseQuantity(text) ?? target.current;
    const next = Math.min(MAX_QUANTITY, Math.max(1, base + delta));
    setText(String(next));
    propose(next);
  };
  // At a limit − / + say so but stay focusable (a disabled button would drop the focus of someone tapping it).
  const shown = parseQuantity(text) ?? target.current;
  // What the field holds cannot be sent (12, 0, 1.5): said beside it while it stands, in the shop rule's words.
  const problem = text.trim() !== '' && parseQuantity(text) === null;

  return (
    <>
      <div
        className="cart-stepper"
        onFocus={() => {
          editing.current = true;
        }}
        onBlur={(e: FocusEvent<HTMLDivElement>) => {
          if (e.currentTarget.contains(e.relatedTarget)) return;
          editing.current = false;
          commit();
        }}
      >
        <button type="button" aria-label={`Decrease ${title} quantity`} aria-disabled={shown <= 1} onClick={() => step(-1)}>
          −
        </button>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          aria-label={`Quantity of ${title}`}
          value={text}
          onChange={(e: ChangeEvent<HTMLInputElement>) => {
            setText(e.target.value);
            propose(parseQuantity(e.target.value));
          }}
          // Leaving the field for − / + keeps a good value waiting (one update for "5" then +), but not a bad one.
          onBlur={() => setText((current) => (parseQuantity(current) === null ? String(target.current) : current))}
          onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
            if (e.key === 'Enter') commit();
          }}
        />
        <button type="button" aria-label={`Increase ${title} quantity`} aria-disabled={shown >= MAX_QUANTITY} onClick={() => step(1)}>
          +
        </button>
      </div>
      {problem && (
        <p className="quantity-problem field-error" role="alert">
          {QUANTITY_RULE}
        </p>
      )}
    </>
  );
}
