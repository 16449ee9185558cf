import type { CSSProperties } from 'react';
import './star-rating.css';

interface Props {
  value: number;
  /** Given, the stars are buttons that set the rating; absent, they are read-only. */
  onChange?: (value: number) => void;
  size?: number;
  label?: string;
}

const GOLD = '#ffd700';

/** Five stars, gold, size 24 (spec §9); read-only on cards. */
export function StarRating({ value, onChange, size = 24, label = 'Rating' }: Props) {
  const stars = [1, 2, 3, 4, 5];
  if (!onChange) {
    // Read-only (twelve a store page): one element, its stars drawn by the stylesheet, not five SVGs to parse,
    // lay out and hydrate. The gold covers as many whole stars as the rating reaches, as the buttons do.
    const filled = Math.max(0, Math.min(5, Math.floor(value)));
    return (
      <span
        className="stars stars-read"
        role="img"
        aria-label={`${label}: ${value} out of 5`}
        style={{ '--star-size': `${size}px`, '--stars-filled': filled } as CSSProperties}
      />
    );
  }
  return (
    <span className="stars" role="radiogroup" aria-label={label}>
      {stars.map((s) => (
        <button
          key={s}
          type="button"
          role="radio"
          aria-checked={s === value}
          aria-label={`${s} star${s > 1 ? 's' : ''}`}
          className="star-button"
          onClick={() => onChange(s)}
        >
          <Star filled={s <= value} size={size} />
        </button>
      ))}
    </span>
  );
}

function Star({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="m12 2 3 6.3 6.9.9-5 4.8 1.2 6.9L12 17.6 5.9 20.9 7.1 14l-5-4.8 6.9-.9z"
        fill={filled ? GOLD : 'none'}
        stroke={filled ? GOLD : '#b8bcc4'}
        strokeWidth="1.5"
      />
    </svg>
  );
}
