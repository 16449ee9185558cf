import type { PageQuery, PageRecord, VersionBody } from './paging.js';

// Review moderation (/api/admin/reviews).

/** A review as a moderator sees it. */
export interface ModeratedReviewRecord {
  _id: string;
  star: number;
  comment: string;
  product: { _id: string; title: string };
  /** The author; their e-mail only for staff who may look customers up (customers:read), null otherwise. */
  customer: { _id: string; name: string; email: string | null };
  /** Set while the review is hidden: when, why and by whom. */
  hidden: { at: string; reason: string; by: string } | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface ModeratedReviewListRecord extends PageRecord {
  reviews: ModeratedReviewRecord[];
}

/** GET /api/admin/reviews: shown or hidden (all when not given), words or an e-mail, a number of stars, a page. */
export interface ReviewQuery extends PageQuery {
  status?: 'visible' | 'hidden' | 'all';
  q?: string;
  stars?: number;
}

/** POST /api/admin/reviews/:id/hide: why, with the version read (…/restore takes the version alone). */
export interface HideReviewBody extends VersionBody {
  reason: string;
}
