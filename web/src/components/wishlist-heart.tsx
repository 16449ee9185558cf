import { useNavigate } from 'react-router-dom';
import { useToggleWishlistMutation } from './__generated__/wishlist-heart';
import { ROUTES } from '../config/routes';
import { storedToken } from '../lib/storage';
import { HeartIcon } from './icons';

/** Filled when the product is in the wishlist; toggles at once (optimistic), a guest goes to login. */
export function WishlistHeart({ productId, inWishlist, title }: { productId: string; inWishlist: boolean; title: string }) {
  const navigate = useNavigate();
  const [toggle] = useToggleWishlistMutation();
  const onClick = () => {
    if (!storedToken()) {
      void navigate(ROUTES.login);
      return;
    }
    void toggle({
      variables: { productId },
      optimisticResponse: {
        __typename: 'Mutation',
        toggleWishlist: { __typename: 'WishlistTogglePayload', product: { __typename: 'Product', id: productId, inWishlist: !inWishlist } },
      },
    }).catch(() => undefined);
  };
  return (
    <button
      type="button"
      className={`wishlist-heart${inWishlist ? ' active' : ''}`}
      aria-pressed={inWishlist}
      aria-label={inWishlist ? `Remove ${title} from wishlist` : `Add ${title} to wishlist`}
      onClick={onClick}
    >
      <HeartIcon filled={inWishlist} />
    </button>
  );
}
