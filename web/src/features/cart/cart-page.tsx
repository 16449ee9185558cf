import { Link } from 'react-router-dom';
import { useCartPageQuery } from './__generated__/cart-page';
import { useCartLineActions } from './cart-line-actions';
import { CartLineQuantity } from './cart-line-quantity';
import { Breadcrumb } from '../../components/breadcrumb';
import { ColorSwatch } from '../../components/color-swatch';
import { TrashIcon } from '../../components/icons';
import { formatPaise, Price } from '../../components/price';
import { LoadError, Skeleton } from '../../components/query-state';
import { ROUTES } from '../../config/routes';
import './cart.css';
import { Cell } from '../../components/cell';

const COLUMNS = ['Product', 'Price', 'Quantity', 'Total'] as const;

/*
 * A table on wide screens, one card a line on phones (cart.css, by media query only, so the server's markup is the
 * same for every screen). The explicit roles keep the table's meaning for screen readers where the phone layout
 * changes the elements' display (some browsers drop a table's semantics then).
 */
export function CartPage() {
  const { data, error, refetch } = useCartPageQuery();
  const { setQuantity, remove } = useCartLineActions();
  const cart = data?.cart;

  return (
    <>
      <Breadcrumb title="Cart" />
      <section className="container page-section cart">
        {error && !cart ? (
          <LoadError error={error} onRetry={() => void refetch()} />
        ) : !cart ? (
          <CartSkeleton />
        ) : (
          <>
            <table className="cart-table" role="table">
              <thead role="rowgroup" className="phone-visually-hidden">
                <tr role="row">
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" role="columnheader">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup">
                {cart.lines.length === 0 && (
                  <tr role="row">
                    <Cell className="empty-state" colSpan={4}>
                      Your cart is empty.
                    </Cell>
                  </tr>
                )}
                {cart.lines.map((line) => (
                  <tr key={line.id} role="row" aria-label={line.product.title}>
                    <Cell className="cart-cell-product">
                      <div className="cart-product">
                        {line.product.images[0] && <img src={line.product.images[0].url} alt="" width={80} height={80} />}
                        <div>
                          <p className="cart-title">{line.product.title}</p>
                          <p className="cart-color">
                            Color: <ColorSwatch color={line.color} size={18} />
                          </p>
                        </div>
                      </div>
                    </Cell>
                    <Cell label="Price" className="cart-cell-price">
                      <Price amount={line.unitPrice} />
                    </Cell>
                    <Cell label="Quantity" className="cart-cell-quantity">
                      <div className="cart-quantity">
                        <CartLineQuantity
                          title={line.product.title}
                          quantity={line.quantity}
                          onApply={(quantity) => setQuantity(line.id, quantity)}
                        />
                        <button
                          type="button"
                          className="cart-delete"
                          aria-label={`Delete ${line.product.title}`}
                          onClick={() => void remove(line)}
                        >
                          <TrashIcon />
                        </button>
                      </div>
                    </Cell>
                    <Cell label="Total" className="cart-cell-total">
                      <Price amount={line.lineTotal} />
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="cart-footer">
              <Link to={ROUTES.store} className="button secondary">
                Continue To Shopping
              </Link>
              <div className="cart-summary">
                <p>
                  SubTotal: <Price amount={cart.subtotal} />
                </p>
                <p className="muted">Taxes and shipping calculated at checkout</p>
                {/* Nothing left for the last step: the shipping fee and the GST inside the price, before checkout. */}
                <p className="cart-breakdown">
                  Shipping: <Price amount={cart.shipping} /> · Total: <Price amount={cart.total} />, including GST of{' '}
                  <span className="price">{formatPaise(cart.gstPaise)}</span>
                </p>
                {cart.lines.length > 0 && (
                  <Link to={ROUTES.checkout} className="button">
                    Checkout
                  </Link>
                )}
              </div>
            </div>
          </>
        )}
      </section>
    </>
  );
}

/** The cart's layout while its lines load (two lines and the summary), so nothing moves when they arrive. */
function CartSkeleton() {
  return (
    <div className="cart-skeleton" aria-busy="true" aria-label="Loading your cart">
      {[0, 1].map((i) => (
        <div key={i} className="cart-skeleton-line">
          <Skeleton height={80} width={80} />
          <div>
            <Skeleton height={18} width="70%" />
            <Skeleton height={14} width="40%" />
          </div>
          <Skeleton height={44} width={132} />
        </div>
      ))}
      <div className="cart-skeleton-summary">
        <Skeleton height={20} width={160} />
        <Skeleton height={44} width={140} />
      </div>
    </div>
  );
}
