import type { HideReviewBody, ModeratedReviewListRecord, ModeratedReviewRecord, ReviewQuery, VersionBody } from '@digitic/rest-contract';
import { Desk } from './desk.js';
import type { StaffUpstream } from './upstream.js';

/** Review moderation: hidden with a reason, or put back. */
export class ReviewsApi extends Desk<ReviewQuery, ModeratedReviewListRecord, ModeratedReviewRecord> {
  constructor(upstream: StaffUpstream) {
    super(upstream, 'admin/reviews', 'Review');
  }

  hide = (id: string, version: number, reason: string) => this.act<HideReviewBody>(id, 'hide', { version, reason });
  restore = (id: string, version: number) => this.act<VersionBody>(id, 'restore', { version });
}
