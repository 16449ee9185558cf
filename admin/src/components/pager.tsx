import { useSearchParams } from 'react-router-dom';

/** Newer / older pages of a list whose page lives in the address (`?page=`). */
export function Pager({
  page,
  pageSize,
  total,
  more = false,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** More pages than the total says (a capped count). */
  more?: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <nav className="admin-pages" aria-label="Pages">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Newer
      </button>
      <span>Page {page}</span>
      <button type="button" disabled={!more && page * pageSize >= total} onClick={() => onPage(page + 1)}>
        Older
      </button>
    </nav>
  );
}

/** What `useFilterParams` answers: the address's filters, the page, and a setter. */
export type FilterParams = ReturnType<typeof useFilterParams>;

/** A list's filters kept in the address: read them, and set one (any change but the page's goes back to page 1). */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const set = (k: string, v: string | null) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    if (k !== 'page') next.delete('page');
    setParams(next);
  };
  return { params, set, page: Number(params.get('page') ?? '1') || 1 };
}
