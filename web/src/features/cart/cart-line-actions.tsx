import { useRef } from 'react';
import { toast } from 'react-hot-toast/headless';
import type { CartPage_CartFragment } from './__generated__/cart-page-cart';
import { useRemoveCartLineMutation } from './__generated__/remove-cart-line';
import { useUndoRemoveCartLineMutation } from './__generated__/cart-undo-remove';
import { useUpdateCartLineMutation } from './__generated__/update-cart-line';
import { MESSAGES } from '../../config/messages';

export type CartLine = CartPage_CartFragment['lines'][number];

/** Not texts of the spec (it has no undo): the delete toast's button and the answer to it. */
export const UNDO_TEXT = { undo: 'Undo', putBack: 'Put back in your cart.' } as const;

function RemovedToast({ onUndo }: { onUndo: () => void }) {
  return (
    <span className="cart-undo-toast">
      <span>{MESSAGES.productDeleted}</span>
      {/* The click goes on to the toast, which closes it: one Undo per delete. */}
      <button type="button" className="cart-undo" onClick={onUndo}>
        {UNDO_TEXT.undo}
      </button>
    </span>
  );
}

/**
 * What a cart line's controls do, each with its toast. Every mutation answers with the whole cart, so the page
 * and the header badge update from the cache.
 */
export function useCartLineActions() {
  const [updateLine] = useUpdateCartLineMutation();
  const [removeLine] = useRemoveCartLineMutation();
  const [putBack] = useUndoRemoveCartLineMutation();
  // A second tap on Delete before the answer would fail on a line already gone.
  const removing = useRef(new Set<string>());

  const setQuantity = async (lineId: string, quantity: number) => {
    try {
      await updateLine({ variables: { input: { lineId, quantity } } });
      toast.success(MESSAGES.productUpdated);
      return true;
    } catch {
      toast.error(MESSAGES.somethingWrongBang);
      return false;
    }
  };

  // Called from a toast that may outlive the page: it uses nothing but the mutation and the line it was given.
  const undoRemove = async ({ product, color, quantity }: CartLine) => {
    try {
      await putBack({ variables: { input: { productId: product.id, colorId: color.id, quantity } } });
      toast.success(UNDO_TEXT.putBack);
    } catch {
      toast.error(MESSAGES.somethingWrongBang);
    }
  };

  const remove = async (line: CartLine) => {
    if (removing.current.has(line.id)) return;
    removing.current.add(line.id);
    try {
      await removeLine({ variables: { lineId: line.id } });
      let undone = false;
      toast.success(() => (
        <RemovedToast
          onUndo={() => {
            if (undone) return;
            undone = true;
            void undoRemove(line);
          }}
        />
      ));
    } catch {
      toast.error(MESSAGES.somethingWrongBang);
    } finally {
      removing.current.delete(line.id);
    }
  };

  return { setQuantity, remove };
}
