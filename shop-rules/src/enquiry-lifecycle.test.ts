import { describe, expect, it } from 'vitest';
import { ENQUIRY_STATUSES, enquiryStatusAfterReply, isEnquiryStatus } from './index.js';

describe('the enquiry lifecycle', () => {
  it('names the four statuses, in the order an enquiry goes through them', () => {
    expect(ENQUIRY_STATUSES).toEqual(['Submitted', 'Contacted', 'In Progress', 'Resolved']);
    for (const s of ENQUIRY_STATUSES) expect(isEnquiryStatus(s)).toBe(true);
    for (const bad of ['open', 'all', 'resolved', '', null, 3]) expect(isEnquiryStatus(bad)).toBe(false);
  });

  it('moves a Submitted enquiry to Contacted with its first reply, and leaves any other as it is', () => {
    expect(enquiryStatusAfterReply('Submitted')).toBe('Contacted');
    for (const s of ['Contacted', 'In Progress', 'Resolved'] as const) expect(enquiryStatusAfterReply(s)).toBe(s);
  });
});
