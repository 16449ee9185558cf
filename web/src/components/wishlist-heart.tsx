import { useApolloClient } from '@apollo/client';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../config/routes';
import { storedToken } from '../lib/storage';
import { HeartIcon } from './icons';
import type * as WishlistToggle from './wishlist-toggle';

// The toggle itself (its mutation and document) loads when a finger or pointer comes to a heart, so a page of
// cards carries and hydrates no mutation hook per card.
let toggleModule: Promise<typeof WishlistToggle> | undefined;
const loadToggle = () => (toggleModule ??= import('./wishlist-toggle'));

/** Filled when the product is in the wishlist; toggles at once (optimistic), a guest goes to login. */
export function WishlistHeart({ productId, inWishlist, title }: { productId: string; inWishlist: boolean; title: string }) {
  const navigate = useNavigate();
  const client = useApolloClient();
  const onClick = () => {
    if (!storedToken()) {
      void navigate(ROUTES.login);
      return;
    }
    void loadToggle()
      .then(({ toggleWishlist }) => toggleWishlist(client, productId, inWishlist))
      .catch(() => undefined);
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
