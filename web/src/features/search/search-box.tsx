import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SearchResults as Results, SearchResultsHandle } from './search-results';
import { SearchIcon } from '../../components/icons';
import { MESSAGES } from '../../config/messages';
import { ROUTES } from '../../config/routes';
import { searchSpelling } from '../../lib/search-spelling';
import './search.css';

// The results (their query, list and choice) are interaction-only code: they load when the shopper first
// focuses or types in the box, not with the page.
// When their code does not arrive (a bad connection, or a new version of the shop deployed meanwhile), the
// box stays a plain box rather than the error taking the page; its next focus loads them anew (React's lazy
// would keep the failure).
let failed = false;
const NoResults = () => null;
const loadResults = () =>
  lazy(() =>
    import('./search-results').then(
      (m) => ({ default: m.SearchResults }),
      () => {
        failed = true;
        return { default: NoResults as unknown as typeof Results };
      },
    ),
  );
let SearchResults = loadResults();

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/** The words of the results page at this address, if it is one. */
const searchedAt = (location: { pathname: string; search: string }) =>
  location.pathname === ROUTES.store ? (new URLSearchParams(location.search).get('q') ?? '') : '';

/**
 * The header's typeahead: titles from the server a page at a time; choosing one opens the product. Enter (with no
 * result chosen) or the search button opens the results page, /product?q=…: a form, so it works before the
 * page's code has started too.
 */
export function SearchBox() {
  const listId = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const [text, setText] = useState(() => searchedAt(location));
  // On a results page the box holds its words; a new page's words replace what was typed.
  const [shownFor, setShownFor] = useState(searchedAt(location));
  if (searchedAt(location) !== shownFor) {
    setShownFor(searchedAt(location));
    setText(searchedAt(location));
  }
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Set by the first focus or keystroke: from then on the results are mounted (and their code loaded).
  const [used, setUsed] = useState(false);
  // Each new try at loading the results' code: the next focus after a failure mounts a new lazy component.
  const [attempt, setAttempt] = useState(0);
  const query = useDebounced(text.trim(), 200);
  const results = useRef<SearchResultsHandle>(null);

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    const count = results.current?.count() ?? 0;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(count - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter') {
      // The highlighted result, or the only one; else the form sends the words to the results page.
      if (results.current?.choose(active) || (count === 1 && results.current?.choose(0))) e.preventDefault();
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  const showList = open && query.length > 0;
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const words = searchSpelling(text);
    if (!words) return;
    setOpen(false);
    void navigate(`${ROUTES.store}?${new URLSearchParams({ q: words }).toString()}`);
  };
  return (
    <form className="search-box" role="search" action={ROUTES.store} method="get" onSubmit={submit}>
      <input
        type="search"
        name="q"
        maxLength={1000}
        role="combobox"
        aria-label="Search products"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={MESSAGES.searchPlaceholder}
        value={text}
        onChange={(e) => {
          setUsed(true);
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          if (failed) {
            failed = false;
            SearchResults = loadResults();
            setAttempt((n) => n + 1);
          }
          setUsed(true);
          setOpen(true);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="search-icon" aria-label="Search">
        <SearchIcon />
      </button>
      {used && (
        <Suspense
          fallback={
            showList ? (
              <div className="search-results">
                <p className="search-empty">Searching…</p>
              </div>
            ) : null
          }
        >
          <SearchResults
            key={attempt}
            ref={results}
            query={query}
            listId={listId}
            open={open}
            active={active}
            onChosen={(title) => {
              setText(title);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </form>
  );
}
