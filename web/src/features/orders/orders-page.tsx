import { useEffect, useState } from 'react';
import { useMyOrdersQuery } from './__generated__/orders';
import { Breadcrumb } from '../../components/breadcrumb';
import { ColorSwatch } from '../../components/color-swatch';
import { formatRupees } from '../../components/price';
import { LoadError, Skeleton } from '../../components/query-state';
import { MESSAGES } from '../../config/messages';
import { forgetPendingPayment, pendingPayment } from '../../lib/storage';
import { OrderAftercare, STATUS_LABEL as STATUS } from './order-aftercare';
import './orders.css';

export function OrdersPage() {
  // A payment whose order the browser has not seen yet: the list is asked again every two seconds until it shows.
  const [pending, setPending] = useState(() => pendingPayment());
  const { data, error, refetch } = useMyOrdersQuery({ fetchPolicy: 'cache-and-network', pollInterval: pending ? 2_000 : 0 });
  const arrived = Boolean(pending && data?.myOrders.some((o) => o.payment.providerOrderId === pending.providerOrderId));
  useEffect(() => {
    if (!arrived) return;
    forgetPendingPayment();
    setPending(null);
  }, [arrived]);
  return (
    <>
      <Breadcrumb title="My Orders" />
      <section className="container page-section">
        {pending && !arrived && (
          <p className="payment-confirming" role="status">
            {MESSAGES.paymentConfirming}
          </p>
        )}
        {error && !data ? (
          <LoadError error={error} onRetry={() => void refetch()} />
        ) : !data ? (
          <Skeleton height={200} />
        ) : data.myOrders.length === 0 ? (
          <p className="empty-state">You have no orders yet.</p>
        ) : (
          <div className="orders">
            <div className="order-row order-head" aria-hidden="true">
              <span>Order Id</span>
              <span>Total Amount</span>
              <span>Total Amount after Discount</span>
              <span>Status</span>
            </div>
            {data.myOrders.map((order) => (
              <article key={order.id} className="order" aria-label={`Order ${order.id}`}>
                <div className="order-row">
                  <span>{order.id}</span>
                  <span>{formatRupees(order.total)}</span>
                  <span>
                    {formatRupees(order.totalAfterDiscount)}
                    {order.coupon && (
                      <small className="order-coupon">
                        {' '}
                        (coupon {order.coupon.code}: -{formatRupees(order.coupon.discount)})
                      </small>
                    )}
                  </span>
                  <span className="order-status">{STATUS[order.status]}</span>
                </div>
                <div className="order-items">
                  <div className="order-row order-head" aria-hidden="true">
                    <span>Product Name</span>
                    <span>Quantity</span>
                    <span>Price</span>
                    <span>Color</span>
                  </div>
                  {order.items.map((item) => (
                    <div className="order-row" key={`${item.productId}-${item.color.id}`}>
                      <span>{item.title}</span>
                      <span>{item.quantity}</span>
                      <span>{formatRupees(item.price)}</span>
                      <span>
                        <ColorSwatch color={item.color} size={18} />
                      </span>
                    </div>
                  ))}
                </div>
                <OrderAftercare order={order} />
              </article>
            ))}
          </div>
        )}
      </section>
    </>
  );
}
