import type { ReactNode } from 'react';

/**
 * A chart of one figure per day as bars, drawn in SVG (no chart library: a screen's code stays small). It is a
 * picture for the eye; its figures are the screen's table, and its name says the period, the highest and the
 * total in words for a screen reader. Bars below zero (a day of more refunds than sales) hang under the line.
 */
export function BarChart({
  title,
  values,
  days,
  format,
  summary,
}: {
  title: string;
  values: readonly number[];
  /** The days the values are of, in the same order (their first and last label the axis). */
  days: readonly string[];
  format: (n: number) => string;
  /** What the chart says, in words (its total or average). */
  summary: ReactNode;
}) {
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const span = top - bottom || 1;
  const width = values.length * 10;
  const zero = (top / span) * 100;
  const highest = values.indexOf(top);
  const label = `${title}, ${dayWords(days[0])} to ${dayWords(days.at(-1))}: ${
    top > 0 ? `highest ${format(top)} on ${dayWords(days[highest])}` : 'nothing yet'
  }.`;
  return (
    <figure className="admin-chart">
      <figcaption>
        <strong>{title}</strong> {summary}
      </figcaption>
      <div className="admin-chart-plot">
        <span className="admin-chart-top">{format(top)}</span>
        <svg viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" role="img" aria-label={label}>
          {values.map((v, i) => {
            const h = (Math.abs(v) / span) * 100;
            return (
              <rect key={days[i] ?? i} x={i * 10 + 1.5} width={7} y={v >= 0 ? zero - h : zero} height={Math.max(h, v === 0 ? 0 : 0.8)} />
            );
          })}
          <line x1={0} x2={width} y1={zero} y2={zero} />
        </svg>
        <span className="admin-chart-axis">
          <span>{dayWords(days[0])}</span>
          <span>{dayWords(days.at(-1))}</span>
        </span>
      </div>
    </figure>
  );
}

/** A shop day (YYYY-MM-DD) as people read it: "27 Nov". */
export function dayWords(day: string | undefined): string {
  if (!day) return '';
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}
