import { useState } from 'react';
import { useOutletContext } from 'react-router-dom';
import { BarChart, dayWords } from '../../components/bar-chart';
import { usePeriod } from '../../components/period';
import { PlainTable } from '../../components/plain-table';
import { may, type Signed } from '../../lib/authorization';
import { problem } from '../../lib/format';
import { type SearchQueryFiguresFragment, useSearchReportQuery } from './__generated__/search-report';
import { SynonymForm, Synonyms } from './synonyms';

const count = (n: number) => n.toLocaleString('en-IN');
const share = (part: number, whole: number) => (whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`);

/**
 * What shoppers search for: searches and the share that found nothing per day (charts, and the figures in a
 * table), the most searched queries, and those that found nothing, each with a synonym added in one step; then
 * the synonyms themselves. Searches are counted when their results are shown, without who searched.
 */
export function SearchPage() {
  const me = useOutletContext<Signed>();
  const { days, picker } = usePeriod();
  const { data, error, loading } = useSearchReportQuery({ variables: { days }, fetchPolicy: 'cache-and-network' });
  const report = data?.searchReport;
  // The no-result query a synonym is being added for (its form opens under the list).
  const [adding, setAdding] = useState<string | null>(null);
  const editable = may(me, 'search:manage');
  return (
    <section>
      <h1>Search</h1>
      {picker}
      {error && <p role="alert">{problem(error)}</p>}
      {!report && loading && <p>Loading…</p>}
      {report && (
        <>
          <p>
            {count(report.searches)} {report.searches === 1 ? 'search' : 'searches'}; {count(report.noResults)} found nothing (
            {share(report.noResults, report.searches)}). A search counts when its results are shown; nothing of who searched is kept.
          </p>
          <div className="admin-charts">
            <BarChart
              title="Searches"
              days={report.days.map((d) => d.day)}
              values={report.days.map((d) => d.searches)}
              format={count}
              summary={`${count(report.searches)} in all`}
            />
            <BarChart
              title="Found nothing"
              days={report.days.map((d) => d.day)}
              values={report.days.map((d) => d.noResults)}
              format={count}
              summary={`${share(report.noResults, report.searches)} of searches`}
            />
          </div>
          <PlainTable caption="Day by day" headers={['Day', 'Searches', 'Found nothing', 'Share']}>
            {[...report.days].reverse().map((d) => (
              <tr key={d.day}>
                <td>{dayWords(d.day)}</td>
                <td>{count(d.searches)}</td>
                <td>{count(d.noResults)}</td>
                <td>{share(d.noResults, d.searches)}</td>
              </tr>
            ))}
          </PlainTable>
          <Queries caption="Most searched" queries={report.top} />
          <Queries
            caption="Found nothing"
            queries={report.noResultQueries}
            empty="Every search found something."
            add={editable ? (q) => setAdding(q) : undefined}
          />
          {adding !== null && (
            <SynonymForm key={adding} word={adding} heading={`What shoppers mean by “${adding}”`} onDone={() => setAdding(null)} />
          )}
        </>
      )}
      <Synonyms editable={editable} />
    </section>
  );
}

function Queries({
  caption,
  queries,
  empty = 'No searches in this period.',
  add,
}: {
  caption: string;
  queries: readonly SearchQueryFiguresFragment[];
  empty?: string;
  add?: (query: string) => void;
}) {
  if (queries.length === 0)
    return (
      <>
        <h2>{caption}</h2>
        <p>{empty}</p>
      </>
    );
  return (
    <PlainTable caption={caption} headers={['Words', 'Searches', 'Found nothing', 'A result opened', 'Average time', ...(add ? [''] : [])]}>
      {queries.map((q) => (
        <tr key={q.query}>
          <td>{q.query}</td>
          <td>{count(q.searches)}</td>
          <td>{count(q.noResults)}</td>
          <td>{count(q.opened)}</td>
          <td>{q.averageMs} ms</td>
          {add && (
            <td>
              {/^\S+$/.test(q.query) ? (
                <button type="button" onClick={() => add(q.query)}>
                  Add a synonym for “{q.query}”
                </button>
              ) : (
                'Several words: add a synonym for one of them'
              )}
            </td>
          )}
        </tr>
      ))}
    </PlainTable>
  );
}
