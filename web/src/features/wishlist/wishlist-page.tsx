import { toast } from 'react-hot-toast/headless';
import { Link } from 'react-router-dom';
import { useRemoveFromWishlistMutation } from './__generated__/remove-from-wishlist';
import { useWishlistPageQuery } from './__generated__/wishlist-page';
import { Breadcrumb } from '../../components/breadcrumb';
import { Price } from '../../components/price';
import { LoadError, Skeleton } from '../../components/query-state';
import { MESSAGES } from '../../config/messages';
import { ROUTES } from '../../config/routes';
import './wishlist.css';
export function WishlistPage() {
  const { data, error, refetch } = useWishlistPageQuery({ fetchPolicy: 'cache-and-network' });
  const [remove] = useRemoveFromWishlistMutation();
  const wishlist = data?.wishlist;

  const onRemove = (productId: string) => {
    if (!wishlist) return;
    void remove({
      variables: { productId },
      // The cross takes the card away at once; the answer confirms it.
      optimisticResponse: {
        __typename: 'Mutation',
        toggleWishlist: {
          __typename: 'WishlistTogglePayload',
          product: { __typename: 'Product', id: productId, inWishlist: false },
          wishlist: { ...wishlist, products: wishlist.products.filter((p) => p.id !== productId) },
        },
      },
    }).catch(() => toast.error(MESSAGES.somethingWrongBang));
  };

  return (
    <>
      <Breadcrumb title="Favourite Products" />
      <section className="container page-section">
        {error && !data ? (
          <LoadError error={error} onRetry={() => void refetch()} />
        ) : !wishlist ? (
          <Skeleton height={240} />
        ) : wishlist.products.length === 0 ? (
          <p className="empty-state">{MESSAGES.noData}</p>
        ) : (
          <div className="product-grid">
            {wishlist.products.map((p) => (
              <article key={p.id} className="product-card span-3 wishlist-card" aria-label={p.title}>
                <button
                  type="button"
                  className="remove-cross"
                  aria-label={`Remove ${p.title} from wishlist`}
                  onClick={() => onRemove(p.id)}
                >
                  ×
                </button>
                <Link to={ROUTES.product(p.id)}>{p.images[0] && <img src={p.images[0].url} alt={p.title} width={300} height={300} />}</Link>
                <h3 className="product-card-title">{p.title}</h3>
                <Price amount={p.price} />
              </article>
            ))}
          </div>
        )}
      </section>
    </>
  );
}
