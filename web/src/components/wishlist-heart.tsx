import { useApolloClient } from '@apollo/client';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../config/routes';
import { storedToken } from '../lib/storage';
import { HeartIcon } from './icons';
import type * as WishlistToggle from './wishlist-toggle';

// The toggle itself (its mutation and document) loads when a finger or pointer comes to a heart, so a page of
// cards carries and hydrates no mutation hook per card.
let toggleModule: Promise<typeof WishlistToggle> | undefined;
const loadToggle = () =>
  (toggleModule ??= import('./wishlist-toggle').catch((err: unknown) => {
    toggleModule = undefined; // the next tap tries again
    throw err;
  }));
/** Products whose toggle's code is on its way: a second tap meanwhile would toggle back from the same state. */
const toggling = new Set<string>();

/** Filled when the product is in the wishlist; toggles at once (optimistic), a guest goes to login. */
export function WishlistHeart({ productId, inWishlist, title }: { productId: string; inWishlist: boolean; title: string }) {
  const navigate = useNavigate();
  const client = useApolloClient();
  const onClick = () => {
    if (!storedToken()) {
      void navigate(ROUTES.login);
      return;
    }
    if (toggling.has(productId)) return;
    toggling.add(productId);
    void loadToggle()
      .then(
        ({ toggleWishlist }) => {
          // The optimistic answer is in the cache as the mutation starts: the heart shows it, taps count again.
          const done = toggleWishlist(client, productId, inWishlist);
          toggling.delete(productId);
          return done.catch(() => undefined);
        },
        // Its code did not arrive (a bad connection, or a new version of the shop deployed meanwhile): the heart
        // stays as it was, and the next tap loads it anew.
        () => undefined,
      )
      .catch(() => undefined)
      .finally(() => toggling.delete(productId));
  };
  return (
    <button
      type="button"
      className={`wishlist-heart${inWishlist ? ' active' : ''}`}
      aria-pressed={inWishlist}
      aria-label={inWishlist ? `Remove ${title} from wishlist` : `Add ${title} to wishlist`}
      onPointerEnter={() => void loadToggle()}
      onFocus={() => void loadToggle()}
      onClick={onClick}
    >
      <HeartIcon filled={inWishlist} />
    </button>
  );
}
