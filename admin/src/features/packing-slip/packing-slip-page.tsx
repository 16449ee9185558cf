import { LinesTable } from '../../components/lines-table';
import { Link, useParams } from 'react-router-dom';
import { problem, when } from '../../lib/format';
import { useOrderQuery } from '../order/__generated__/order';

/** A printable packing slip: the order number, the address, and every line to pack (title, colour, quantity). No prices. */
export function PackingSlipPage() {
  const { id = '' } = useParams();
  const { data, error, loading } = useOrderQuery({ variables: { id } });
  const order = data?.order;
  if (loading && !order) return <p>Loading…</p>;
  if (error) return <p role="alert">{problem(error)}</p>;
  if (!order) return <p>No such order.</p>;
  const a = order.address;
  return (
    <article className="admin-slip">
      <p className="admin-no-print">
        <Link to={`/orders/${order.id}`}>← Order</Link>{' '}
        <button type="button" onClick={() => window.print()}>
          Print
        </button>
      </p>
      <h1>Packing slip · order {order.id.slice(0, 8).toUpperCase()}</h1>
      <p>Ordered {when(order.createdAt)}</p>
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
        {order.customer.mobile && (
          <>
            <br />
            Phone {order.customer.mobile}
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
