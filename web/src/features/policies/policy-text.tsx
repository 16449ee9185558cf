import { TextPage } from '../../components/text-page';
import { SafeHtml } from '../../components/safe-html';
import type { LoadPageData } from '../../lib/page-data';
import { PolicyPageDocument, type PolicyPageName, usePolicyPageQuery } from './__generated__/policy-page';

/** A policy page's text for the server's one render (see lib/page-data.ts). */
export const policyLoader =
  (page: PolicyPageName): LoadPageData =>
  ({ client }) =>
    client.query({ query: PolicyPageDocument, variables: { page } });

/**
 * A policy page as the spec lays it out (its title under the breadcrumb), with the text the shop's owner wrote
 * in the back office below it; nothing more while they have written none (the spec's own empty page).
 */
export function PolicyText({ page, title }: { page: PolicyPageName; title: string }) {
  const { data } = usePolicyPageQuery({ variables: { page } });
  const policy = data?.policyPage;
  return <TextPage title={title}>{policy && policy.html && <SafeHtml className="policy-text" html={policy.html} />}</TextPage>;
}
