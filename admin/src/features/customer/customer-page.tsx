import { Link, useParams } from 'react-router-dom';
import { problem, rupees, STATUS_LABEL, when } from '../../lib/format';
import { useCustomerQuery } from './__generated__/customer';

/** One customer and their orders, read-only (nobody acts as a customer); opening this page is in the audit trail. */
export function CustomerPage() {
  const { id = '' } = useParams();
  const { data, error, loading } = useCustomerQuery({ variables: { id } });
  const c = data?.customer;
  if (loading && !c) return <p>Loading…</p>;
  if (error) return <p role="alert">{problem(error)}</p>;
  if (!c)
    return (
      <p>
        No such customer. <Link to="/customers">Look up another</Link>
      </p>
    );
  return (
    <article>
      <p>
        <Link to="/customers">← Customers</Link>
      </p>
      <h1>{c.name || c.email}</h1>
      <p>
        {c.email}
        {c.mobile ? ` · ${c.mobile}` : ''} · customer since {when(c.since)}
      </p>
      <table className="admin-table">
        <caption>Orders</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Status</th>
            <th scope="col">Paid</th>
          </tr>
        </thead>
        <tbody>
          {c.orders.map((o) => (
            <tr key={o.id}>
              <td>
                <Link to={`/orders/${o.id}`}>{o.id.slice(0, 8)}</Link>
              </td>
              <td>{when(o.createdAt)}</td>
              <td>{STATUS_LABEL[o.status]}</td>
              <td>{rupees(o.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
