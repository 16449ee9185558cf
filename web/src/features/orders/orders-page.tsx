import { useEffect, useState } from 'react';
import { useMyOrdersQuery, type MyOrderFragment } from './__generated__/orders';
import { Breadcrumb } from '../../components/breadcrumb';
import { ColorSwatch } from '../../components/color-swatch';
import { Price } from '../../components/price';
import { LoadError, Skeleton } from '../../components/query-state';
import { MESSAGES } from '../../config/messages';
import { forgetPendingPayment, pendingPayment } from '../../lib/storage';
import { OrderAftercare, STATUS_LABEL as STATUS } from './order-aftercare';
import './orders.css';
import { Cell } from '../../components/cell';

const ORDER_COLUMNS = ['Order Id', 'Total Amount', 'Total Amount after Discount', 'Status'] as const;
const ITEM_COLUMNS = ['Product Name', 'Quantity', 'Price', 'Color'] as const;

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
          // The orders' layout while they load: two orders in outline, so nothing moves when they arrive.
          <div className="orders" aria-busy="true" aria-label="Loading your orders">
            <Skeleton height={180} className="order-skeleton" />
            <Skeleton height={180} className="order-skeleton" />
          </div>
        ) : data.myOrders.length === 0 ? (
          <p className="empty-state">You have no orders yet.</p>
        ) : (
          <div className="orders">
            {/* The columns' names once above the orders, for the eye on wide screens; each order's table names them too. */}
            <div className="order-row order-head orders-head" aria-hidden="true">
              {ORDER_COLUMNS.map((c) => (
                <span key={c}>{c}</span>
              ))}
            </div>
            {data.myOrders.map((order) => (
              <article key={order.id} className="order" aria-label={`Order ${order.id}`}>
                <OrderTable order={order} />
                <OrderAftercare order={order} />
              </article>
            ))}
          </div>
        )}
      </section>
    </>
  );
}

/* Tables at every width; on a phone orders.css lays each row out as a card, every cell under its column's name. */
function OrderTable({ order }: { order: MyOrderFragment }) {
  return (
    <>
      <table role="table" className="order-table">
        <thead role="rowgroup" className="visually-hidden">
          <HeadRow columns={ORDER_COLUMNS} />
        </thead>
        <tbody role="rowgroup">
          <tr role="row" className="order-row order-summary">
            <Cell label={ORDER_COLUMNS[0]} className="order-id">
              {order.id}
            </Cell>
            <Cell label={ORDER_COLUMNS[1]}>
              <Price amount={order.total} className="order-amount" />
            </Cell>
            <Cell label={ORDER_COLUMNS[2]}>
              <Price amount={order.totalAfterDiscount} className="order-amount" />
              {order.coupon && (
                <small className="order-coupon">
                  {' '}
                  (coupon {order.coupon.code}:{' '}
                  <span className="order-discount">
                    -<Price amount={order.coupon.discount} className="order-amount" />
                  </span>
                  )
                </small>
              )}
            </Cell>
            <Cell label={ORDER_COLUMNS[3]} className="order-status">
              {STATUS[order.status]}
            </Cell>
          </tr>
        </tbody>
      </table>
      <table role="table" className="order-table order-items">
        <thead role="rowgroup" className="phone-visually-hidden">
          <HeadRow columns={ITEM_COLUMNS} />
        </thead>
        <tbody role="rowgroup">
          {order.items.map((item) => (
            <tr role="row" className="order-row order-item" key={`${item.productId}-${item.color.id}`}>
              <Cell label={ITEM_COLUMNS[0]} className="order-item-title">
                {item.title}
              </Cell>
              <Cell label={ITEM_COLUMNS[1]}>{item.quantity}</Cell>
              <Cell label={ITEM_COLUMNS[2]}>
                <Price amount={item.price} className="order-amount" />
              </Cell>
              <Cell label={ITEM_COLUMNS[3]}>
                <ColorSwatch color={item.color} size={18} />
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function HeadRow({ columns }: { columns: readonly string[] }) {
  return (
    <tr role="row" className="order-row order-head">
      {columns.map((c) => (
        <th role="columnheader" scope="col" key={c}>
          {c}
        </th>
      ))}
    </tr>
  );
}
