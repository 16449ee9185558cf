import { Link, useOutletContext } from 'react-router-dom';
import { may, type Signed } from '../../lib/authorization';
import { problem, rupees } from '../../lib/format';
import { useDashboardQuery } from './__generated__/dashboard';

/** What needs doing now: orders to process and ship, today's orders and revenue, open returns, refunds not through. */
export function DashboardPage() {
  const me = useOutletContext<Signed>();
  const { data, error, loading } = useDashboardQuery({ fetchPolicy: 'cache-and-network', skip: !may(me, 'orders:read') });
  if (!may(me, 'orders:read')) return <p>Your role has no desk here yet.</p>;
  if (loading && !data) return <p>Loading…</p>;
  if (error) return <p role="alert">{problem(error)}</p>;
  const d = data?.dashboard;
  if (!d) return null;
  return (
    <section>
      <h1>Today</h1>
      <ul className="admin-cards">
        <li>
          <Link to="/orders?status=ORDERED">
            <strong>{d.toProcess}</strong> to process
          </Link>
        </li>
        <li>
          <Link to="/orders?status=PROCESSED">
            <strong>{d.toShip}</strong> to ship
          </Link>
        </li>
        <li>
          <strong>{d.today.orders}</strong> orders today, <strong>{rupees(d.today.revenue)}</strong>
        </li>
        {may(me, 'returns:manage') && (
          <li>
            <Link to="/returns?status=REQUESTED">
              <strong>{d.openReturns.requested}</strong> returns to decide
            </Link>
            , {d.openReturns.approved} on their way back, {d.openReturns.received} to refund
          </li>
        )}
        <li>
          <strong>{d.refunds.inProgress}</strong> refunds in progress
          {d.refunds.failedLast30Days > 0 && <>, {d.refunds.failedLast30Days} refused by the provider in 30 days</>}
        </li>
      </ul>
    </section>
  );
}
