// The shop's four policy pages: what the owner wrote in the back office, each save a version kept for good.

export type PolicySlugName = 'privacy-policy' | 'refund-policy' | 'shipping-policy' | 'terms';

/** GET /api/policies/:slug (anyone): the page's latest version; version 0 and empty html while none was written. */
export interface PolicyRecord {
  slug: PolicySlugName;
  /** The page's title, as the storefront's footer names it. */
  title: string;
  /** Sanitized HTML (the shop's allow-list), as saved. */
  html: string;
  version: number;
  updatedAt: string | null;
  /** True while the demo's own text stands (saved by no one): it says so at its top. */
  demo: boolean;
}

/** GET /api/admin/policies/:slug (settings:manage): the page with every version's date and author, newest first. */
export interface PolicyDeskRecord extends PolicyRecord {
  versions: { version: number; savedAt: string; savedBy: string | null; characters: number }[];
}

/** PUT /api/admin/policies/:slug: the page's new text and the version read (0 for a page never written). */
export interface PolicyBody {
  html: string;
  version: number;
}
