import { useEffect, useRef } from 'react';
import { useRecordSearchMutation } from './__generated__/record-search';
import { useRecordSearchOpenedMutation } from './__generated__/record-search-opened';

/**
 * Tells the shop's search log that a search's results were shown (its answer's ticket, once per ticket), and
 * that one of them was opened: what the shop learns of what shoppers look for, with nothing of who they are.
 * A failure here is the shop's loss, never the shopper's: it is not said.
 */
export function useSearchLog(ticket: string | null | undefined) {
  const [record] = useRecordSearchMutation();
  const [opened] = useRecordSearchOpenedMutation();
  const logged = useRef<{ ticket: string; id: Promise<string | null> } | null>(null);
  useEffect(() => {
    if (!ticket || logged.current?.ticket === ticket) return;
    logged.current = {
      ticket,
      id: record({ variables: { ticket } }).then(
        (r) => r.data?.recordSearch.id ?? null,
        () => null,
      ),
    };
  }, [ticket, record]);
  /** A product of the results was opened. */
  return () => {
    const search = logged.current;
    if (!search) return;
    void search.id.then((id) => (id ? opened({ variables: { id } }).catch(() => undefined) : undefined));
  };
}
