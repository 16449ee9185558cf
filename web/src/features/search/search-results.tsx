import { forwardRef, useImperativeHandle } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSearchProductsQuery } from './__generated__/search';
import { SEARCH_PAGE_SIZE } from '../../config/constants';
import { MESSAGES } from '../../config/messages';
import { ROUTES } from '../../config/routes';

/** What the box's keyboard asks of the results: how many there are, and to open the one at `index`. */
export interface SearchResultsHandle {
  count: () => number;
  choose: (index: number) => boolean;
}

interface Props {
  query: string;
  listId: string;
  open: boolean;
  active: number;
  /** A choice was made: the box shows its title and closes. */
  onChosen: (title: string) => void;
}

/**
 * The typeahead's results: titles from the server a page at a time, "Display additional results..." for
 * the next page, a choice opens the product. Its own chunk, loaded when the shopper first focuses or types
 * in the box (search-box.tsx): no page needs it to show or hydrate.
 */
export const SearchResults = forwardRef<SearchResultsHandle, Props>(function SearchResults({ query, listId, open, active, onChosen }, ref) {
  const navigate = useNavigate();
  const { data, loading, fetchMore } = useSearchProductsQuery({
    variables: { query, first: SEARCH_PAGE_SIZE },
    skip: query.length === 0,
  });
  const result = data?.searchProducts;
  const items = query ? (result?.items ?? []) : [];

  const choose = (index: number) => {
    const item = items[index];
    if (!item) return false;
    onChosen(item.title);
    void navigate(ROUTES.product(item.id));
    return true;
  };
  useImperativeHandle(ref, () => ({ count: () => items.length, choose }));

  const more = () =>
    void fetchMore({
      variables: { after: result?.endCursor },
      updateQuery: (prev, { fetchMoreResult }) => ({
        __typename: 'Query',
        searchProducts: {
          ...fetchMoreResult.searchProducts,
          items: [...prev.searchProducts.items, ...fetchMoreResult.searchProducts.items],
        },
      }),
    });

  if (!open || query.length === 0) return null;
  return (
    <div className="search-results">
      <ul id={listId} role="listbox" aria-label="Matching products">
        {items.map((item, i) => (
          <li
            key={item.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(i)}
          >
            {item.title}
          </li>
        ))}
      </ul>
      {!loading && items.length === 0 && <p className="search-empty">{MESSAGES.searchEmpty}</p>}
      {loading && items.length === 0 && <p className="search-empty">Searching…</p>}
      {result?.hasMore && (
        <button type="button" className="search-more" onMouseDown={(e) => e.preventDefault()} onClick={more}>
          {MESSAGES.searchMore}
        </button>
      )}
    </div>
  );
});
