import type { PolicyPageName } from './__generated__/policies';

/** Where the storefront shows each page (the spec's routes). */
export const STOREFRONT_PATHS: Readonly<Record<PolicyPageName, string>> = {
  PRIVACY_POLICY: '/privacy-policy',
  REFUND_POLICY: '/refund-policy',
  SHIPPING_POLICY: '/shipping-policy',
  TERMS: '/term-conditions',
};

/** A page's name from its address in the back office (/policies/refund_policy), or null. */
export const pageNamed = (param: string | undefined): PolicyPageName | null => {
  const name = (param ?? '').toUpperCase();
  return Object.hasOwn(STOREFRONT_PATHS, name) ? (name as PolicyPageName) : null;
};
