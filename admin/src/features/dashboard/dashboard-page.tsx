import { Link, useOutletContext } from 'react-router-dom';
import { may, type Signed } from '../../lib/authorization';
import { paise, problem } from '../../lib/format';
import { useDashboardQuery } from './__generated__/dashboard';
import { useLowStockQuery } from './__generated__/low-stock';

/** What needs doing now: orders to process and ship, today's orders and revenue, open returns, refunds not through. */
export function DashboardPage() {
  const me = useOutletContext<Signed>();
  const { data, error, loading } = useDashboardQuery({ fetchPolicy: 'cache-and-network', skip: !may(me, 'orders:read') });
  if (!may(me, 'orders:read')) {
    return (
      <section>
        <h1>Today</h1>
        {may(me, 'catalogue:read') ? <LowStockList /> : <p>Your role has no desk here yet.</p>}
      </section>
    );
  }
  if (loading && !data) return <p>Loading…</p>;
  if (error) return <p role="alert">{problem(error)}</p>;
  const d = data?.dashboard;
  if (!d) return null;
  return (
    <section>
      <h1>Today</h1>
      {may(me, 'settings:manage') && <OpeningSteps setup={d.setup} />}
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
          <strong>{d.today.orders}</strong> {d.today.orders === 1 ? 'order' : 'orders'} today
          {/* The day's money is for those who handle it (refunds), not for everyone who packs. */}
          {may(me, 'orders:refund') && (
            <>
              : <strong>{paise(d.today.takenPaise)}</strong> taken, {paise(d.today.refundedPaise)} refunded,{' '}
              <strong>{paise(d.today.netPaise)}</strong> net
            </>
          )}
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
          <strong>{d.refunds.inProgress}</strong> {d.refunds.inProgress === 1 ? 'refund' : 'refunds'} in progress
          {d.refunds.failedLast30Days > 0 && <>, {d.refunds.failedLast30Days} refused by the provider in 30 days</>}
        </li>
      </ul>
      {may(me, 'catalogue:read') && <LowStockList />}
    </section>
  );
}

/** The first days' checklist, for the owner, until every step is done: each step a link to where it is done. */
function OpeningSteps({ setup }: { setup: { shopDetails: boolean; photo: boolean; secondStaff: boolean; firstOrder: boolean } }) {
  const steps = [
    { done: setup.shopDetails, todo: <Link to="/settings">Save the shop's details</Link>, did: "The shop's details are saved" },
    { done: setup.photo, todo: <Link to="/products">Upload a real photo of a product</Link>, did: 'A real photo is uploaded' },
    { done: setup.secondStaff, todo: <Link to="/staff">Invite a second staff member</Link>, did: 'A second staff member is enrolled' },
    // The storefront is another app: a plain link leaves the back office for it.
    { done: setup.firstOrder, todo: <a href="/">Place a test order in the shop</a>, did: 'An order was placed' },
  ];
  const left = steps.filter((s) => !s.done).length;
  if (left === 0) return null;
  return (
    <section aria-labelledby="opening-steps" className="admin-steps">
      <h2 id="opening-steps">Opening the shop: {left === 1 ? '1 step' : `${left} steps`} left</h2>
      <ol>
        {steps.map((s, i) => (
          <li key={i} data-done={s.done}>
            {s.done ? <>Done: {s.did}</> : s.todo}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The colours running low (LOW_STOCK_THRESHOLD units or fewer), fewest first, each a link to its product. */
function LowStockList() {
  const { data, error } = useLowStockQuery({ fetchPolicy: 'cache-and-network' });
  if (error) return <p role="alert">{problem(error)}</p>;
  if (!data) return null;
  const { threshold, items } = data.lowStock;
  return (
    <>
      <h2>Low stock</h2>
      {items.length === 0 ? (
        <p>No colour has {threshold} units or fewer.</p>
      ) : (
        <ul className="admin-low-stock" aria-label={`Colours with ${threshold} units or fewer`}>
          {items.map((i) => (
            <li key={`${i.productId}/${i.colorId}`}>
              <Link to={`/products/${i.productId}`}>{i.title}</Link> in {i.color}:{' '}
              <strong>{i.stock === 0 ? 'sold out' : `${i.stock} left`}</strong>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
