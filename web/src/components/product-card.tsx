import { Link } from 'react-router-dom';
import type { ProductCard_ProductFragment } from './__generated__/product-card';
import { CARD_TITLE_LIMIT, type GridSize } from '../config/constants';
import { ROUTES } from '../config/routes';
import { markWords } from '../lib/mark-words';
import { Picture } from './picture';
import { Price } from './price';
import { StarRating } from './star-rating';
import { WishlistHeart } from './wishlist-heart';
import './product-card.css';

/** The card title: cut at 80 characters with an ellipsis, except on the wide grids (6 and 12). */
export function cardTitle(title: string, grid: GridSize): string {
  if (grid === 6 || grid === 12) return title;
  return title.length > CARD_TITLE_LIMIT ? `${title.slice(0, CARD_TITLE_LIMIT)}...` : title;
}

/**
 * `eager` for the first cards of a page, which show before any scrolling: they load at once instead of lazily.
 * `terms`: a search's words, marked in the title.
 */
export function ProductCard({
  product,
  grid = 3,
  eager = false,
  terms = [],
}: {
  product: ProductCard_ProductFragment;
  grid?: GridSize;
  eager?: boolean;
  terms?: readonly string[];
}) {
  const image = product.images[0];
  return (
    <article className={`product-card span-${grid}`} aria-label={product.title}>
      <WishlistHeart productId={product.id} inWishlist={product.inWishlist} title={product.title} />
      <Link to={ROUTES.product(product.id)} className="product-card-image" tabIndex={-1}>
        {image ? (
          <Picture
            image={image}
            alt={product.title}
            loading={eager ? undefined : 'lazy'}
            width={300}
            height={300}
            sizes="(max-width: 575px) 50vw, 300px"
          />
        ) : (
          <span className="image-placeholder" />
        )}
      </Link>
      <div className="product-card-body">
        <h3 className="product-card-title">
          <Link to={ROUTES.product(product.id)}>
            {markWords(cardTitle(product.title, grid), terms).map((piece, i) =>
              piece.marked ? <mark key={i}>{piece.text}</mark> : piece.text,
            )}
          </Link>
        </h3>
        <StarRating value={product.rating} size={18} />
        <Price amount={product.price} />
      </div>
    </article>
  );
}
