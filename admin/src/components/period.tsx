import { useSearchParams } from 'react-router-dom';

/** The periods a report covers, in days; 30 when the address names none. */
export const PERIODS = [7, 30, 90] as const;

/** A report's period, kept in the address (?days=7|90; 30 is the address without it), and its buttons. */
export function usePeriod() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (PERIODS as readonly number[]).includes(asked) ? asked : 30;
  const picker = (
    <div className="admin-periods" role="group" aria-label="Period">
      {PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          aria-pressed={p === days}
          onClick={() => setParams(p === 30 ? {} : { days: String(p) }, { replace: true })}
        >
          Last {p} days
        </button>
      ))}
    </div>
  );
  return { days, picker };
}
