import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { problem } from '../lib/format';
import { type Columns, DataTable } from './data-table';
import { SearchForm } from './list-filters';
import { Pager, useFilterParams } from './pager';

/** How many rows a page of a desk's list holds. */
export const PAGE_SIZE = 25;

/** A paged list's filters in the address, and what its query sends for them. */
export function useListParams() {
  const filters = useFilterParams();
  const words = filters.params.get('q') ?? '';
  return {
    ...filters,
    /** A filter's value in the address, or its fallback. */
    choice: <T extends string>(name: string, fallback: T) => (filters.params.get(name) as T | null) ?? fallback,
    /** The page asked for, as the query takes it. */
    paging: { page: filters.page, pageSize: PAGE_SIZE },
    /** The words searched for, as the query takes them (none: left out). */
    search: words ? { search: words } : {},
  };
}
export type ListParams = ReturnType<typeof useListParams>;

/** A page of a list, as the api answers it. */
export interface Paged<Row> {
  items: Row[];
  total: number;
  /** false when `total` is a capped count: there may be more pages than it says. */
  totalExact?: boolean;
}

/** The rows as a table (`columns`), or as the page's own markup (`items`) after a line that counts them. */
type Rows<Row> = { columns: Columns<Row>; items?: never } | { items: (rows: Row[]) => ReactNode; columns?: never };

/**
 * A desk's list: its heading, the link to add one, the filters (kept in the address; with `search`, in a search
 * form that ends with a box of that label), the refusal if the query failed, the rows with their count, and newer /
 * older pages. What the page adds below comes as children.
 */
export function ListPage<Data, Row>(
  props: {
    title: string;
    /** The link to make a new one, between the heading and the filters (none: false or left out). */
    add?: { to: string; text: string } | false;
    search?: string;
    filters?: ReactNode;
    list: ListParams;
    query: { data?: Data; loading: boolean; error?: unknown };
    /** The query's page of the list. */
    page: (data: Data) => Paged<Row>;
    /** What a row is, one and many: "1 product", "25 products", "Loading products…". */
    noun: readonly [one: string, many: string];
    children?: ReactNode;
  } & Rows<Row>,
) {
  const { list, query } = props;
  const result = query.data === undefined ? undefined : props.page(query.data);
  const [one, many] = props.noun;
  const total = result?.total ?? 0;
  const capped = result?.totalExact === false;
  const caption =
    query.loading && !result
      ? `Loading ${many}…`
      : capped
        ? `${total.toLocaleString('en-IN')} or more ${many}`
        : `${total} ${total === 1 ? one : many}`;
  const rows = result?.items ?? [];
  return (
    <section>
      <h1>{props.title}</h1>
      {props.add && (
        <p>
          <Link to={props.add.to}>{props.add.text}</Link>
        </p>
      )}
      {props.search === undefined ? (
        props.filters
      ) : (
        <SearchForm filters={list} label={props.search}>
          {props.filters}
        </SearchForm>
      )}
      {Boolean(query.error) && <p role="alert">{problem(query.error)}</p>}
      {props.columns ? (
        <DataTable rows={rows} columns={props.columns} caption={caption} />
      ) : (
        <>
          <p>{caption}</p>
          {props.items(rows)}
        </>
      )}
      <Pager
        page={list.page}
        pageSize={PAGE_SIZE}
        total={total}
        more={capped && rows.length === PAGE_SIZE}
        onPage={(n) => list.set('page', String(n))}
      />
      {props.children}
    </section>
  );
}
