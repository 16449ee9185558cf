import { orderNumber } from '@digitic/shop-rules/order-lifecycle';
import { Link, useParams } from 'react-router-dom';
import { NoRecord } from '../../components/no-record';
import { PlainTable } from '../../components/plain-table';
import { phone, rupees, STATUS_LABEL, telHref, when } from '../../lib/format';
import { useCustomerQuery } from './__generated__/customer';

/** One customer and their orders, read-only (nobody acts as a customer); opening this page is in the audit trail. */
export function CustomerPage() {
  const { id = '' } = useParams();
  const { data, error, loading } = useCustomerQuery({ variables: { id } });
  const c = data?.customer;
  if (error || !c)
    return (
      <NoRecord loading={loading && !c} error={error} missing="No such customer." link={{ to: '/customers', text: 'Look up another' }} />
    );
  return (
    <article>
      <p>
        <Link to="/customers">← Customers</Link>
      </p>
      <h1>{c.name || c.email}</h1>
      <p>
        {c.email}
        {c.mobile ? ` · ${phone(c.mobile)}` : ''} · customer since {when(c.since)}
      </p>
      {c.deliveryPhones.length > 0 && (
        <p>
          Phones given for delivery:{' '}
          {c.deliveryPhones.map((p, i) => (
            <span key={p}>
              {i > 0 && ', '}
              <a href={telHref(p)}>{phone(p)}</a>
            </span>
          ))}
        </p>
      )}
      <PlainTable caption="Orders" headers={['Order', 'Placed', 'Status', 'Paid', 'Courier phone']}>
        {c.orders.map((o) => (
          <tr key={o.id}>
            <td>
              <Link to={`/orders/${o.id}`}>{orderNumber(o.id)}</Link>
            </td>
            <td>{when(o.createdAt)}</td>
            <td>{STATUS_LABEL[o.status]}</td>
            <td>{rupees(o.total)}</td>
            <td>{o.deliveryPhone ? phone(o.deliveryPhone) : <span className="admin-flag">None given</span>}</td>
          </tr>
        ))}
      </PlainTable>
    </article>
  );
}
