import type { PolicyRecord, PolicySlugName } from '@digitic/rest-contract';

/** The schemas' page names and the api's slugs, both ways. */
export const POLICY_SLUGS = {
  PRIVACY_POLICY: 'privacy-policy',
  REFUND_POLICY: 'refund-policy',
  SHIPPING_POLICY: 'shipping-policy',
  TERMS: 'terms',
} as const satisfies Record<string, PolicySlugName>;

export type PolicyPageName = keyof typeof POLICY_SLUGS;

const NAMES = Object.fromEntries(Object.entries(POLICY_SLUGS).map(([name, slug]) => [slug, name])) as Record<
  PolicySlugName,
  PolicyPageName
>;

/** A page as both schemas answer it: its name for its slug. */
export const policyPage = <T extends PolicyRecord>({ slug, ...rest }: T) => ({ ...rest, page: NAMES[slug] });
