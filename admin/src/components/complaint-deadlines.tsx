import { when } from '../lib/format';
import type { ComplaintFieldsFragment } from './__generated__/complaint-fields';

/** A complaint's two steps: done when, or due by when (and said overdue once the time is past). */
export function ComplaintDeadlines({ complaint: c }: { complaint: ComplaintFieldsFragment }) {
  const step = (done: string | null, by: string, what: string) => {
    if (done) return `${what} ${when(done)}`;
    return Date.now() > Date.parse(by) ? `${what} overdue: it was due by ${when(by)}` : `${what} by ${when(by)}`;
  };
  return (
    <>
      {step(c.acknowledgedAt, c.acknowledgeBy, 'Acknowledged')}; {step(c.resolvedAt, c.resolveBy, 'Resolved')}.
      {c.overdue && <span className="admin-flag">Overdue</span>}
    </>
  );
}
