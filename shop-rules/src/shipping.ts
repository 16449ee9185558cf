// Shipping: the flat fee and where the shop ships.

/** Flat shipping added to every order, in rupees (spec: Rs. 100). */
export const SHIPPING_FEE = 100;

/** Where the shop ships: the spec's checkout form offers India, and Gujarat within it. */
export const SHIPS_TO = { countries: ['India'], states: ['Gujarat'] } as const;

const list = (xs: readonly string[]) => (xs.length === 1 ? (xs[0] as string) : `${xs.slice(0, -1).join(', ')} or ${xs.at(-1) as string}`);

/** Why the shop cannot ship to this country, or null when it can. */
export function countryProblem(country: string): string | null {
  return (SHIPS_TO.countries as readonly string[]).includes(country.trim()) ? null : `We ship to ${list(SHIPS_TO.countries)} only`;
}

/**
 * Why this is not a PIN code the shop can ship to, or null when it is: India's postal codes are six digits,
 * the first of them 1–9 (India Post's PIN scheme); an eleven-digit number is a slip of the finger, told so.
 */
export function pincodeProblem(pincode: string | number): string | null {
  return /^[1-9]\d{5}$/.test(String(pincode).trim()) ? null : 'Pincode must be the 6 digits of an Indian PIN code';
}

/** Why the shop cannot ship to this state, or null when it can. */
export function stateProblem(state: string): string | null {
  return (SHIPS_TO.states as readonly string[]).includes(state.trim()) ? null : `We ship to ${list(SHIPS_TO.states)} only`;
}
