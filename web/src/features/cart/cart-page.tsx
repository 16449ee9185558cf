import { toast } from 'react-hot-toast/headless';
import { Link } from 'react-router-dom';
import { useCartPageQuery } from './__generated__/cart-page';
import { useRemoveCartLineMutation } from './__generated__/remove-cart-line';
import { useUpdateCartLineMutation } from './__generated__/update-cart-line';
import { Breadcrumb } from '../../components/breadcrumb';
import { ColorSwatch } from '../../components/color-swatch';
import { Price } from '../../components/price';
import { LoadError, Skeleton } from '../../components/query-state';
import { MAX_QUANTITY } from '../../config/constants';
import { MESSAGES } from '../../config/messages';
import { ROUTES } from '../../config/routes';
import './cart.css';
export function CartPage() {
  const { data, error, refetch } = useCartPageQuery();
  // The mutations return the whole cart: the cache (and the header badge) update from the answer.
  const [updateLine] = useUpdateCartLineMutation();
  const [removeLine] = useRemoveCartLineMutation();
  const cart = data?.cart;

  const setQuantity = async (lineId: string, quantity: number) => {
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) return;
    try {
      await updateLine({ variables: { input: { lineId, quantity } } });
      toast.success(MESSAGES.productUpdated);
    } catch {
      toast.error(MESSAGES.somethingWrongBang);
    }
  };
  const remove = async (lineId: string) => {
    try {
      await removeLine({ variables: { lineId } });
      toast.success(MESSAGES.productDeleted);
    } catch {
      toast.error(MESSAGES.somethingWrongBang);
    }
  };

  return (
    <>
      <Breadcrumb title="Cart" />
      <section className="container page-section cart">
        {error && !cart ? (
          <LoadError error={error} onRetry={() => void refetch()} />
        ) : !cart ? (
          <Skeleton height={240} />
        ) : (
          <>
            <table className="cart-table">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Price</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {cart.lines.length === 0 && (
                  <tr>
                    <td colSpan={4} className="empty-state">
                      Your cart is empty.
                    </td>
                  </tr>
                )}
                {cart.lines.map((line) => (
                  <tr key={line.id} aria-label={line.product.title}>
                    <td>
                      <div className="cart-product">
                        {line.product.images[0] && <img src={line.product.images[0].url} alt="" width={80} height={80} />}
                        <div>
                          <p className="cart-title">{line.product.title}</p>
                          <p className="cart-color">
                            Color: <ColorSwatch color={line.color} size={18} />
                          </p>
                        </div>
                      </div>
                    </td>
                    <td>
                      <Price amount={line.unitPrice} />
                    </td>
                    <td>
                      <div className="cart-quantity">
                        <input
                          type="number"
                          min={1}
                          max={MAX_QUANTITY}
                          aria-label={`Quantity of ${line.product.title}`}
                          defaultValue={line.quantity}
                          key={line.quantity}
                          onChange={(e) => void setQuantity(line.id, Number(e.target.value))}
                        />
                        <button
                          type="button"
                          className="link-button delete"
                          aria-label={`Delete ${line.product.title}`}
                          onClick={() => void remove(line.id)}
                        >
                          🗑
                        </button>
                      </div>
                    </td>
                    <td>
                      <Price amount={line.lineTotal} />
                    </td>
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
