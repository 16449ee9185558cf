import { Link } from 'react-router-dom';
import type { StorePageQuery } from './__generated__/store';
import { ROUTES } from '../../config/routes';
import { withChange } from './store-filters';

type Understood = NonNullable<StorePageQuery['products']['search']>;

/** The address of a search for these words: the store's results page, the other filters dropped. */
export const searchAddress = (words: string) => `${ROUTES.store}?${withChange(new URLSearchParams(), { q: words }).toString()}`;

/**
 * What a search found, in words, above its results: how many for what; when the words as typed found nothing,
 * the words searched instead (one tap searches for them as the shopper's own); when only some products have
 * every word, that the others have some; when the search was cut, that it was; when nothing was found, the
 * categories to go on with.
 */
export function SearchSummary({
  q,
  understood,
  count,
  categories,
}: {
  q: string;
  understood: Understood | undefined;
  count: string | null;
  categories: readonly string[];
}) {
  const found = count !== null && count !== '0';
  return (
    <div className="search-summary" aria-live="polite">
      <h1>
        {count === null ? 'Searching for' : found ? `${count} ${count === '1' ? 'result' : 'results'} for` : 'No results for'} “{q}”
      </h1>
      {understood?.suggestion && (
        <p>
          Nothing matched your words as typed. Showing results for{' '}
          <Link to={searchAddress(understood.suggestion)} className="search-suggestion">
            {understood.suggestion}
          </Link>
          .
        </p>
      )}
      {understood?.widened && (
        <p>
          {understood.allWordsCount === 0
            ? 'No product has all of your words: these have some of them.'
            : `${understood.allWordsCount} ${understood.allWordsCount === 1 ? 'product has' : 'products have'} all of your words; those after ${understood.allWordsCount === 1 ? 'it' : 'them'} have some.`}
        </p>
      )}
      {understood?.capped && <p>Your search was long: only its first 100 characters (8 words) were searched.</p>}
      {count === '0' && (
        <div className="search-next">
          <p>Check the spelling, use fewer words, or browse a category:</p>
          <ul>
            {categories.map((c) => (
              <li key={c}>
                <Link to={`${ROUTES.store}?${withChange(new URLSearchParams(), { category: c }).toString()}`}>{c}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
