// The cart's limit on one line (one product in one colour).

/** Units of one product in one colour in a cart line, and in an order line. */
export const QUANTITY = { min: 1, max: 10 } as const;
export const QUANTITY_RULE = `Quantity must be a whole number from ${QUANTITY.min} to ${QUANTITY.max}`;

/** The quantity rule's message when `quantity` breaks it, else null. */
export function quantityProblem(quantity: unknown): string | null {
  return typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= QUANTITY.min && quantity <= QUANTITY.max
    ? null
    : QUANTITY_RULE;
}
