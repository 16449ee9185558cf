import { BarChart, dayWords } from '../../components/bar-chart';
import { usePeriod } from '../../components/period';
import { PlainTable } from '../../components/plain-table';
import { paise, problem } from '../../lib/format';
import { useSalesReportQuery } from './__generated__/sales-report';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/**
 * How the business goes: net revenue, orders, the average order and refunds per day over 7, 30 or 90 days, each a
 * chart and all in one table. The figures are the api's (by the dashboard's rules: an order's money on the day it
 * was placed, a refund's on the day it was recorded); the period is in the address.
 */
export function ReportsPage() {
  const { days, picker } = usePeriod();
  const { data, error, loading } = useSalesReportQuery({ variables: { days }, fetchPolicy: 'cache-and-network' });
  const report = data?.salesReport;
  return (
    <section>
      <h1>Reports</h1>
      {picker}
      {error && <p role="alert">{problem(error)}</p>}
      {!report && loading && <p>Loading…</p>}
      {report && (
        <>
          <p>
            {plural(report.totals.orders, 'order', 'orders')} paid {paise(report.totals.takenPaise)}; {paise(report.totals.refundedPaise)}{' '}
            refunded; net {paise(report.totals.netPaise)}. An order to the day it was placed, a refund to the day it was made.
          </p>
          <div className="admin-charts">
            <BarChart
              title="Net revenue"
              days={report.days.map((d) => d.day)}
              values={report.days.map((d) => d.netPaise)}
              format={paise}
              summary={`${paise(report.totals.netPaise)} in all`}
            />
            <BarChart
              title="Orders"
              days={report.days.map((d) => d.day)}
              values={report.days.map((d) => d.orders)}
              format={(n) => n.toLocaleString('en-IN')}
              summary={`${report.totals.orders.toLocaleString('en-IN')} in all`}
            />
            <BarChart
              title="Average order"
              days={report.days.map((d) => d.day)}
              values={report.days.map((d) => d.averageOrderPaise)}
              format={paise}
              summary={`${paise(report.totals.averageOrderPaise)} over the period`}
            />
            <BarChart
              title="Refunds"
              days={report.days.map((d) => d.day)}
              values={report.days.map((d) => d.refundedPaise)}
              format={paise}
              summary={`${paise(report.totals.refundedPaise)} in all`}
            />
          </div>
          <PlainTable caption="Day by day" headers={['Day', 'Orders', 'Paid', 'Refunded', 'Net revenue', 'Average order']}>
            {[...report.days].reverse().map((d) => (
              <tr key={d.day}>
                <td>{dayWords(d.day)}</td>
                <td>{d.orders.toLocaleString('en-IN')}</td>
                <td>{paise(d.takenPaise)}</td>
                <td>{paise(d.refundedPaise)}</td>
                <td>{paise(d.netPaise)}</td>
                <td>{paise(d.averageOrderPaise)}</td>
              </tr>
            ))}
          </PlainTable>
        </>
      )}
    </section>
  );
}
