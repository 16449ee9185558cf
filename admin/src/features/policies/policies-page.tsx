import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import { DataTable } from '../../components/data-table';
import { NoRecord } from '../../components/no-record';
import { when } from '../../lib/format';
import { type PolicyPagesQuery, usePolicyPagesQuery } from './__generated__/policies';
import { STOREFRONT_PATHS } from './policy-names';

type Row = PolicyPagesQuery['policyPages'][number];
const column = createColumnHelper<Row>();
const COLUMNS = [
  column.accessor('title', {
    header: 'Page',
    cell: (c) => <Link to={`/policies/${c.row.original.page.toLowerCase()}`}>{c.getValue()}</Link>,
  }),
  column.accessor('version', { header: 'Version', cell: (c) => (c.getValue() === 0 ? 'Never written' : c.getValue()) }),
  column.accessor('updatedAt', {
    header: 'Last saved',
    cell: (c) => (
      <>
        {c.getValue() ? when(c.getValue() as string) : '—'}
        {c.row.original.demo && <span className="admin-flag">Demo text: replace it</span>}
      </>
    ),
  }),
  column.display({
    id: 'storefront',
    header: 'On the storefront',
    cell: (c) => <a href={STOREFRONT_PATHS[c.row.original.page]}>{STOREFRONT_PATHS[c.row.original.page]}</a>,
  }),
];

/** The shop's four policy pages: what each stands at, and a way into each. */
export function PoliciesPage() {
  const { data, error, loading } = usePolicyPagesQuery({ fetchPolicy: 'cache-and-network' });
  const pages = data?.policyPages;
  if (error || !pages) return <NoRecord loading={loading && !pages} error={error} missing="The policy pages could not be read." />;
  return (
    <section>
      <h1>Policies</h1>
      <p>
        The pages the storefront's footer links to: what shoppers agree to, and what the law asks the shop to tell them (its return, refund,
        delivery and privacy terms). Every save is a new version; the earlier ones are kept.
      </p>
      <DataTable rows={pages} columns={COLUMNS} caption="The policy pages" />
    </section>
  );
}
