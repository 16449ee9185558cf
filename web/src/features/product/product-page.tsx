import { useState } from 'react';
import { shopperMessage } from '../../lib/shopper-message';
import { toast } from 'react-hot-toast/headless';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAddToCartMutation } from '../../lib/__generated__/add-to-cart';
import { useShopInfoQuery } from '../../lib/__generated__/shop-info';
import { useProductCartStateQuery } from './__generated__/product-cart-state';
import { ProductPageDocument, type ProductPageQuery, useProductPageQuery } from './__generated__/product-page';
import type { LoadPageData } from '../../lib/page-data';
import { Breadcrumb } from '../../components/breadcrumb';
import { useHead } from '../../lib/head';
import { productLd, summary } from '../../lib/seo';
import { ColorPicker } from '../../components/color-swatch';
import { CopyIcon } from '../../components/icons';
import { Picture } from '../../components/picture';
import { Price } from '../../components/price';
import { ProductCard } from '../../components/product-card';
import { LoadError, Skeleton } from '../../components/query-state';
import { SafeHtml } from '../../components/safe-html';
import { StarRating } from '../../components/star-rating';
import { WishlistHeart } from '../../components/wishlist-heart';
import { MAX_QUANTITY } from '../../config/constants';
import { MESSAGES } from '../../config/messages';
import { ROUTES } from '../../config/routes';
import { useSession } from '../../lib/session';
import { rememberPendingAdd } from '../../lib/pending-add';
import { NotFoundPage } from '../../components/not-found-page';
import { ReviewForm } from './review-form';
import { HydrateWhenVisible } from '../../components/hydrate-when-visible';
import { ZoomImage } from './zoom-image';
import './product.css';

type FullProduct = NonNullable<ProductPageQuery['product']>;
/** Opened from a list, the cache already holds the card's fields; the rest arrives with the page query. */
type ShownProduct = Pick<FullProduct, 'id' | 'title' | 'price' | 'rating' | 'images' | 'inWishlist'> & Partial<FullProduct>;
const isComplete = (p: ShownProduct): p is FullProduct =>
  p.description !== undefined && p.colors !== undefined && p.variants !== undefined && p.reviews !== undefined;

/** The product's data for the server's one render (see lib/page-data.ts). */
export const loadData: LoadPageData = ({ client, params }) =>
  client.query({ query: ProductPageDocument, variables: { id: params.id ?? '' } });

export function ProductPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const signedIn = Boolean(useSession());
  const { data, loading, error, refetch } = useProductPageQuery({ variables: { id }, returnPartialData: true });
  const read = data?.product as ShownProduct | null | undefined;
  // A cached card without its pictures or title is no start for the page: wait for the query.
  const shown = read && (read.title === undefined || read.images === undefined) ? undefined : read;
  useHead(
    shown && isComplete(shown)
      ? {
          title: shown.title,
          description: summary(shown.description) || `${shown.title}, from Rs. ${shown.price}`,
          image: shown.images[0]?.url,
          type: 'product',
          price: shown.price,
          jsonLd: [productLd(shown)],
        }
      : {},
  );
  const { data: cart } = useProductCartStateQuery({ skip: !signedIn });
  // The shop's consumer-care contact (every page's shell has read it: no request of its own).
  const info = useShopInfoQuery().data?.shopInfo;
  const [addToCart, { loading: adding }] = useAddToCartMutation();
  const [color, setColor] = useState<string | null>(null);
  // The field's text is the shopper's while they type (a cleared field stays clear); the number sent is kept within 1–10.
  const [quantityText, setQuantityText] = useState('1');
  const quantity = Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(Number(quantityText)) || 1));
  const [imageIndex, setImageIndex] = useState(0);

  if (error && !shown) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (!shown) return loading ? <ProductSkeleton /> : <NotFoundPage />;
  if (!isComplete(shown)) return <PartialProduct product={shown} />;
  const product = shown;

  const inCart = cart?.cart.lines.some((l) => l.product.id === product.id) ?? false;
  const chosenColor = product.colors.find((c) => c.id === color);
  const image = product.images[imageIndex] ?? product.images[0];

  const onAdd = async () => {
    // The spec: Add to Cart requires a colour. A guest's choice is kept while they sign in, and added then.
    if (!color) return void toast.error(MESSAGES.chooseColor);
    if (!signedIn) {
      rememberPendingAdd({ productId: product.id, colorId: color, quantity, title: product.title });
      return void navigate(ROUTES.login);
    }
    try {
      await addToCart({ variables: { input: { productId: product.id, colorId: color, quantity } } });
      toast.success(MESSAGES.productAdded);
      void navigate(ROUTES.cart);
    } catch (err) {
      toast.error(shopperMessage(err));
    }
  };
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success('Product link copied');
    } catch {
      toast.error('Copy the address from the address bar');
    }
  };

  return (
    <>
      <Breadcrumb title={product.title} />
      <div className="container product-detail">
        <section className="product-gallery" aria-label="Pictures">
          {/* The shop's words for the picture, or the product's name when it has given none. */}
          {image && <ZoomImage image={image} alt={image.alt || product.title} />}
          <div className="thumbnails">
            {product.images.map((img, i) => (
              <button
                key={img.url}
                type="button"
                aria-label={`Picture ${i + 1}`}
                aria-pressed={i === imageIndex}
                onClick={() => setImageIndex(i)}
              >
                <Picture image={img} alt="" width={120} height={120} sizes="120px" />
              </button>
            ))}
          </div>
        </section>
        <section className="product-info">
          <h1>{product.title}</h1>
          <Price amount={product.price} className="price large" />
          <p className="mrp-note">MRP, inclusive of all taxes</p>
          <div className="rating-line">
            <StarRating value={product.rating} />
            <span>({product.reviewCount} Reviews)</span>
            <a href="#reviews">Write a Review</a>
          </div>
          <dl className="product-facts">
            <dt>Type :</dt>
            <dd>{product.category}</dd>
            <dt>Brand :</dt>
            <dd>{product.brand}</dd>
            <dt>Category :</dt>
            <dd>{product.category}</dd>
            <dt>Tags :</dt>
            <dd>{product.tags.join(', ')}</dd>
            <dt>Availability :</dt>
            <dd>{product.inStock ? MESSAGES.inStock : MESSAGES.soldOut}</dd>
            {/* What the Legal Metrology rules ask a listing to say (additions to the spec's facts). */}
            <dt>Country of origin :</dt>
            <dd>{product.countryOfOrigin?.name ?? 'Not stated yet'}</dd>
            {product.manufacturer && (
              <>
                <dt>Manufacturer :</dt>
                <dd>{product.manufacturer}</dd>
              </>
            )}
            {product.importer && (
              <>
                <dt>Importer :</dt>
                <dd>{product.importer}</dd>
              </>
            )}
            {info && (
              <>
                <dt>Consumer care :</dt>
                <dd>
                  <a href={`tel:${info.phone}`}>{info.phone}</a>, <a href={`mailto:${info.email}`}>{info.email}</a>
                </dd>
              </>
            )}
          </dl>
          {!inCart && (
            <>
              <div className="product-option">
                <h2>Color :</h2>
                <ColorPicker
                  colors={product.colors}
                  soldOut={product.variants.filter((v) => !v.inStock).map((v) => v.color.id)}
                  value={color}
                  onChange={setColor}
                />
              </div>
              <label className="product-option quantity">
                Quantity :
                <input
                  type="number"
                  min={1}
                  max={MAX_QUANTITY}
                  inputMode="numeric"
                  value={quantityText}
                  onChange={(e) => setQuantityText(e.target.value)}
                  onBlur={() => setQuantityText(String(quantity))}
                />
              </label>
            </>
          )}
          {/* On a phone this is a bar at the foot of the screen (product.css): the price, the colour and Add to Cart in reach. */}
          <div className="product-actions">
            <p className="buy-bar-summary" aria-hidden="true">
              <Price amount={product.price} className="buy-bar-price" />
              <span>{chosenColor ? chosenColor.title : inCart ? MESSAGES.goToCart : 'Choose a colour'}</span>
            </p>
            {inCart ? (
              <Link to={ROUTES.cart} className="button">
                {MESSAGES.goToCart}
              </Link>
            ) : (
              <button type="button" className="button" disabled={adding} onClick={() => void onAdd()}>
                {MESSAGES.addToCart}
              </button>
            )}
            <WishlistHeart productId={product.id} inWishlist={product.inWishlist} title={product.title} />
          </div>
          <button type="button" className="link-button copy-link" onClick={() => void copyLink()}>
            <CopyIcon /> Copy Product Link
          </button>
          <div className="shipping-note">
            <h2>Shipping &amp; Returns :</h2>
            <p>{MESSAGES.shippingNote}</p>
          </div>
        </section>
      </div>
      <section className="container page-section" aria-labelledby="description">
        <h2 id="description">Description</h2>
        <SafeHtml html={product.description} className="description" />
      </section>
      {/* Below the fold: the reviews (and their form) and the popular products hydrate when the shopper nears them. */}
      <HydrateWhenVisible name="product-reviews">
        <section className="container page-section" id="reviews" aria-labelledby="reviews-title">
          <h2 id="reviews-title">Reviews</h2>
          <div className="reviews-summary">
            <StarRating value={product.rating} />
            <p>Based on {product.reviewCount} Reviews</p>
          </div>
          <ReviewForm productId={product.id} />
          <ul className="reviews">
            {product.reviews.map((r) => (
              <li key={r.id} className="review">
                <p className="review-author">{r.authorName}</p>
                <StarRating value={r.star} size={18} />
                <p>{r.comment}</p>
              </li>
            ))}
          </ul>
        </section>
      </HydrateWhenVisible>
      <HydrateWhenVisible name="product-popular">
        <section className="container page-section" aria-labelledby="popular">
          <h2 id="popular">Our Popular Products</h2>
          <div className="product-grid grid-3">
            {(data?.popularProducts ?? []).map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </div>
        </section>
      </HydrateWhenVisible>
    </>
  );
}

/** The card's picture, title, price and rating at once; the rest as placeholders until the page query answers. */
function PartialProduct({ product }: { product: ShownProduct }) {
  const image = product.images[0];
  return (
    <>
      <Breadcrumb title={product.title} />
      <div className="container product-detail" aria-busy="true">
        <section className="product-gallery" aria-label="Pictures">
          {image && <ZoomImage image={image} alt={product.title} />}
        </section>
        <section className="product-info">
          <h1>{product.title}</h1>
          <Price amount={product.price} className="price large" />
          <StarRating value={product.rating} />
          <Skeleton height={240} />
        </section>
      </div>
    </>
  );
}

function ProductSkeleton() {
  return (
    <div className="container product-detail" aria-busy="true" aria-label="Loading product">
      <Skeleton height={600} width={594} />
      <div className="product-info">
        <Skeleton height={36} width="80%" />
        <Skeleton height={24} width="30%" />
        <Skeleton height={160} />
      </div>
    </div>
  );
}
