import { useState } from 'react';
import type { ReviewStatus } from '../../__generated__/types';
import { Pager, useFilterParams } from '../../components/pager';
import { problem, when } from '../../lib/format';
import { useHideReviewMutation } from './__generated__/hide-review';
import { useRestoreReviewMutation } from './__generated__/restore-review';
import type { ReviewWholeFragment } from './__generated__/review-whole';
import { useReviewsQuery } from './__generated__/reviews';

const PAGE_SIZE = 25;

/** Review moderation: search the reviews, hide one with a reason (gone from the store and its rating at once), restore it. */
export function ReviewsPage() {
  const { params, set, page } = useFilterParams();
  const status = (params.get('status') as ReviewStatus | null) ?? 'ALL';
  const search = params.get('q') ?? '';
  const [typed, setTyped] = useState(search);
  const { data, error, loading } = useReviewsQuery({
    variables: { status, page, pageSize: PAGE_SIZE, ...(search ? { search } : {}) },
    fetchPolicy: 'cache-and-network',
  });
  const total = data?.reviews.total ?? 0;
  return (
    <section>
      <h1>Reviews</h1>
      <form
        className="admin-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          set('q', typed.trim() || null);
        }}
      >
        <label>
          Showing
          <select value={status} onChange={(e) => set('status', e.target.value === 'ALL' ? null : e.target.value)}>
            <option value="ALL">All</option>
            <option value="VISIBLE">On the store</option>
            <option value="HIDDEN">Hidden</option>
          </select>
        </label>
        <label>
          Words, product or e-mail
          <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <button type="submit">Search</button>
      </form>
      {error && <p role="alert">{problem(error)}</p>}
      <p>{loading && !data ? 'Loading reviews…' : `${total} review${total === 1 ? '' : 's'}`}</p>
      <ul className="admin-reviews">
        {(data?.reviews.items ?? []).map((r) => (
          <ReviewItem key={r.id} review={r} />
        ))}
      </ul>
      <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={(n) => set('page', String(n))} />
    </section>
  );
}

function ReviewItem({ review: r }: { review: ReviewWholeFragment }) {
  const [hide, hiding] = useHideReviewMutation();
  const [restore, restoring] = useRestoreReviewMutation();
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const who = `${r.authorName}'s review of ${r.productTitle}`;
  const act = (run: Promise<unknown>, done: string) =>
    run.then(
      () => setMessage({ ok: true, text: done }),
      (err: unknown) => setMessage({ ok: false, text: problem(err) ?? 'Not done' }),
    );
  return (
    <li>
      <article aria-label={who}>
        <p>
          <strong>{'★'.repeat(r.stars)}</strong>
          <span className="visually-hidden">{r.stars} stars</span> {r.productTitle} · {r.authorName}
          {r.authorEmail ? ` (${r.authorEmail})` : ''} · {when(r.createdAt)}
        </p>
        <blockquote>{r.comment}</blockquote>
        {r.hidden ? (
          <>
            <p>
              Hidden {when(r.hidden.at)} by {r.hidden.by}: {r.hidden.reason}
            </p>
            <button
              type="button"
              disabled={restoring.loading}
              onClick={() => void act(restore({ variables: { id: r.id, version: r.version } }), 'Restored: it is on the store again.')}
            >
              Restore
            </button>
          </>
        ) : (
          <form
            className="admin-inline"
            noValidate
            aria-label={`Hide ${who}`}
            onSubmit={(ev) => {
              ev.preventDefault();
              if (!reason.trim()) {
                setMessage({ ok: false, text: 'Say why the review is hidden' });
                return;
              }
              void act(
                hide({ variables: { id: r.id, version: r.version, reason: reason.trim() } }),
                'Hidden: it is off the store, and the rating recomputed.',
              );
            }}
          >
            <label>
              Why hide it
              <input value={reason} maxLength={500} onChange={(ev) => setReason(ev.target.value)} />
            </label>
            <button type="submit" disabled={hiding.loading}>
              Hide
            </button>
          </form>
        )}
        {message && (
          <p className={message.ok ? undefined : 'admin-error'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </p>
        )}
      </article>
    </li>
  );
}
