import { useEffect, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { problem } from '../../lib/format';
import { MediaLibrary, type Picture } from '../../components/media-library';
import { type Message, Said } from '../../components/said';
import type { CatalogueProductWholeFragment } from './__generated__/product-whole';
import { useSetProductPicturesMutation } from './__generated__/set-pictures';

export const PICTURES = 'Pictures (the main one first)';

/**
 * An open product's pictures, kept the moment they change (an upload, a move, a removal, the words of one),
 * apart from the form: each change names the pictures it started from, in order, so two uploads that finish
 * together are both kept, and another's change meanwhile is refused rather than lost.
 */
export function ProductPictures({ product, editable }: { product: CatalogueProductWholeFragment; editable: boolean }) {
  const [setPictures] = useSetProductPicturesMutation();
  const stored = product.pictures.map(({ url, alt }) => ({ url, alt }));
  // What the shop will hold once the changes sent so far are kept; shown at once.
  const [shown, setShown] = useState(stored);
  const [message, setMessage] = useState<Message>(null);
  const [sending, setSending] = useState(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const kept = useRef(stored);
  const refused = useRef(false);
  // Changes sent and not yet answered, counted at once (the state above is for the page's warning and lags a render).
  const pending = useRef(0);
  const client = useApolloClient();
  if (pending.current === 0 && (refused.current || JSON.stringify(kept.current) !== JSON.stringify(stored))) {
    // Changed elsewhere (a reload, another tab), or a change refused: the library shows the shop's pictures.
    refused.current = false;
    kept.current = stored;
    setShown(stored);
  }
  useEffect(() => {
    if (sending === 0) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [sending]);
  const keep = (next: Picture[]) => {
    if (next.length === 0) {
      setMessage({ ok: false, text: 'A product in the store needs at least one picture: add another before removing this one.' });
      return;
    }
    const expected = kept.current;
    kept.current = next;
    pending.current += 1;
    setShown(next);
    setSending((n) => n + 1);
    queue.current = queue.current
      .then(() => setPictures({ variables: { id: product.id, expected, pictures: next } }))
      .then(
        () => setMessage({ ok: true, text: 'Pictures kept. The store shows them now.' }),
        (err: unknown) => {
          // Nothing after a refusal can be right: the library goes back to what the shop holds.
          setMessage({ ok: false, text: problem(err) ?? 'The pictures were not kept' });
          refused.current = true;
          queue.current = Promise.resolve();
          void client.refetchQueries({ include: ['CatalogueProduct'] });
        },
      )
      .finally(() => {
        pending.current -= 1;
        setSending((n) => n - 1);
      });
  };
  return (
    <section aria-labelledby="product-pictures">
      <h2 id="product-pictures">Pictures</h2>
      <p>Kept as soon as you change them: no need to save.</p>
      <MediaLibrary label={PICTURES} for="product" value={shown} onChange={keep} editable={editable} describe keptAtOnce>
        <Said message={message} />
      </MediaLibrary>
    </section>
  );
}
