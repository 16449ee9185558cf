import { useState } from 'react';
import type { ReviewStatus } from '../../__generated__/types';
import { FilterSelect } from '../../components/list-filters';
import { ListPage, useListParams } from '../../components/list-page';
import { type Message, Said, saying } from '../../components/said';
import { when } from '../../lib/format';
import { useHideReviewMutation } from './__generated__/hide-review';
import { useRestoreReviewMutation } from './__generated__/restore-review';
import type { ReviewWholeFragment } from './__generated__/review-whole';
import { useReviewsQuery } from './__generated__/reviews';

const SHOWING = [
  ['ALL', 'All'],
  ['VISIBLE', 'On the store'],
  ['HIDDEN', 'Hidden'],
] as const;

/** Review moderation: search the reviews, hide one with a reason (gone from the store and its rating at once), restore it. */
export function ReviewsPage() {
  const list = useListParams();
  const status = list.choice<ReviewStatus>('status', 'ALL');
  const query = useReviewsQuery({ variables: { status, ...list.paging, ...list.search }, fetchPolicy: 'cache-and-network' });
  return (
    <ListPage
      title="Reviews"
      search="Words, product or e-mail"
      filters={<FilterSelect filters={list} name="status" label="Showing" fallback="ALL" options={SHOWING} />}
      list={list}
      query={query}
      page={(d) => d.reviews}
      noun={['review', 'reviews']}
      items={(reviews) => (
        <ul className="admin-reviews">
          {reviews.map((r) => (
            <ReviewItem key={r.id} review={r} />
          ))}
        </ul>
      )}
    />
  );
}

function ReviewItem({ review: r }: { review: ReviewWholeFragment }) {
  const [hide, hiding] = useHideReviewMutation();
  const [restore, restoring] = useRestoreReviewMutation();
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const who = `${r.authorName}'s review of ${r.productTitle}`;
  const act = saying(setMessage, 'Not done');
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
        <Said message={message} />
      </article>
    </li>
  );
}
