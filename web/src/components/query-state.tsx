import type { ApolloError } from '@apollo/client';
import { MESSAGES } from '../config/messages';
import { shopperMessage } from '../lib/shopper-message';
import './query-state.css';

/** The error state of a data view: what happened and a retry. */
export function LoadError({ error, onRetry }: { error: ApolloError | Error; onRetry: () => void }) {
  // The shop's words when it gave some (or that the network is down); nothing more when only a developer could read it.
  const detail = shopperMessage(error, '');
  return (
    <div className="load-error" role="alert">
      <p>{MESSAGES.loadFailed}</p>
      {detail && <p className="muted">{detail}</p>}
      <button type="button" className="button" onClick={onRetry}>
        {MESSAGES.retry}
      </button>
    </div>
  );
}

/** Placeholder blocks the size of what is coming, so nothing jumps when it arrives. */
export function Skeleton({
  height,
  width = '100%',
  className = '',
}: {
  height: number | string;
  width?: number | string;
  className?: string;
}) {
  return <span className={`skeleton ${className}`} style={{ height, width }} aria-hidden="true" />;
}

export function CardSkeletons({ count, columns }: { count: number; columns: number }) {
  return (
    <div className={`product-grid cols-${12 / columns}`} aria-busy="true" aria-label="Loading products">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="product-card">
          <Skeleton height={220} />
          <Skeleton height={18} width="70%" />
          <Skeleton height={18} width="40%" />
        </div>
      ))}
    </div>
  );
}
