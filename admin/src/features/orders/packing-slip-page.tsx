import { orderNumber } from '@digitic/shop-rules/order-lifecycle';
import { LinesTable } from '../../components/lines-table';
import { Link, useParams } from 'react-router-dom';
import { NoRecord } from '../../components/no-record';
import { phone, when } from '../../lib/format';
import { useOrderQuery } from './__generated__/order';
import { useShopDetailsQuery } from './__generated__/shop-details';

/**
 * A printable packing slip: who sends it (the shop's name, return address and phone), the order number, where
 * it goes and the phone the courier calls, and every line to pack (title, colour, quantity). No prices.
 */
export function PackingSlipPage() {
  const { id = '' } = useParams();
  const { data, error, loading } = useOrderQuery({ variables: { id } });
  const shop = useShopDetailsQuery().data?.shop;
  const order = data?.order;
  if (error || !order) return <NoRecord loading={loading && !order} error={error} missing="No such order." />;
  const a = order.address;
  return (
    <article className="admin-slip">
      <p className="admin-no-print">
        <Link to={`/orders/${order.id}`}>← Order</Link>{' '}
        <button type="button" onClick={() => window.print()}>
          Print
        </button>
      </p>
      <h1>Packing slip · order {orderNumber(order.id)}</h1>
      <p>Ordered {when(order.createdAt)}</p>
      {shop && (
        <>
          <h2>From (returns to)</h2>
          <address>
            {shop.name}
            <br />
            {shop.address}
            <br />
            Phone {shop.phone}
          </address>
        </>
      )}
      <h2>Ship to</h2>
      <address>
        {a.firstname} {a.lastname}
        <br />
        {a.address}
        {a.other && (
          <>
            <br />
            {a.other}
          </>
        )}
        <br />
        {a.city}, {a.state} {a.pincode}
        <br />
        {a.country}
        {(a.phone ?? order.customer.mobile) && (
          <>
            <br />
            Phone {phone(a.phone ?? order.customer.mobile ?? '')}
          </>
        )}
      </address>
      <LinesTable
        caption="To pack"
        lines={order.lines.map((l) => ({ ...l, key: l.id, quantity: l.quantity - l.refundedQuantity })).filter((l) => l.quantity > 0)}
        last={{ header: 'Packed', cell: () => <span aria-label="Tick when packed">☐</span> }}
      />
      <p>Items: {order.lines.reduce((n, l) => n + l.quantity - l.refundedQuantity, 0)}</p>
      {order.lines.some((l) => l.refundedQuantity > 0) && <p>Refunded units are left out: do not pack them.</p>}
    </article>
  );
}
