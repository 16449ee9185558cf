/** The longest search the storefront sends (the shop reads this much, searches its first 100 characters and says so). */
export const SEARCH_MAX = 1000;

/**
 * A search's one spelling in the address (/product?q=…): its words as typed, lower-cased, spaces made one (the
 * shop reads it so whatever the case and spacing). The header's box sends it so: one address for one search,
 * to share.
 */
export const searchSpelling = (text: string) => text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase().slice(0, SEARCH_MAX);
