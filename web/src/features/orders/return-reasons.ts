import type { ReturnReason } from '../../__generated__/schema-enums';

/** Why an item goes back, in the shop's words (the schema's ReturnReason). */
export const REASONS: Record<ReturnReason, string> = {
  DAMAGED_OR_DEFECTIVE: 'Damaged or defective',
  NOT_AS_DESCRIBED: 'Not as described',
  WRONG_ITEM_OR_COLOUR: 'Wrong item or colour',
  NO_LONGER_NEEDED: 'No longer needed',
  OTHER: 'Other',
};

/** The shop's own words for a refusal, or the spec's general one. */
export const errorMessage = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Something Went Wrong!');
