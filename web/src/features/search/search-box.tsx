import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSearchProductsQuery } from './__generated__/search';
import { SearchIcon } from '../../components/icons';
import { SEARCH_PAGE_SIZE } from '../../config/constants';
import { MESSAGES } from '../../config/messages';
import { ROUTES } from '../../config/routes';
import './search.css';
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/** The header's typeahead: titles from the server a page at a time; choosing one opens the product. */
export function SearchBox() {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text.trim(), 200);
  const inputRef = useRef<HTMLInputElement>(null);
  const { data, loading, fetchMore } = useSearchProductsQuery({
    variables: { query, first: SEARCH_PAGE_SIZE },
    skip: query.length === 0,
  });
  const result = data?.searchProducts;
  const items = query ? (result?.items ?? []) : [];

  const choose = (id: string, title: string) => {
    setText(title);
    setOpen(false);
    void navigate(ROUTES.product(id));
  };
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

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(items.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter') {
      const item = items[active] ?? (items.length === 1 ? items[0] : undefined);
      if (item) {
        e.preventDefault();
        choose(item.id, item.title);
      }
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  const showList = open && query.length > 0;
  return (
    <div className="search-box" role="search">
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label="Search products"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={MESSAGES.searchPlaceholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      <span className="search-icon">
        <SearchIcon />
      </span>
      {showList && (
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
                onClick={() => choose(item.id, item.title)}
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
      )}
    </div>
  );
}
