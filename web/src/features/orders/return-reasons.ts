import type { ReturnReason } from '../../__generated__/schema-enums';
import { shopperMessage } from '../../lib/shopper-message';

/** Why an item goes back, in the shop's words (the schema's ReturnReason). */
export const REASONS: Record<ReturnReason, string> = {
  DAMAGED_OR_DEFECTIVE: 'Damaged or defective',
  NOT_AS_DESCRIBED: 'Not as described',
  WRONG_ITEM_OR_COLOUR: 'Wrong item or colour',
  NO_LONGER_NEEDED: 'No longer needed',
  OTHER: 'Other',
};

/** The shop's own words for a refusal, or the spec's general one (never the client library's). */
export const errorMessage = (err: unknown) => shopperMessage(err);
