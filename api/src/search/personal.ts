// What the search log never keeps (issue 53): a search that is a person's rather than a product's. Staff without
// `customers:read` (the catalogue role) read the log on the Search screen, and the log is kept for months. The
// rule reads the text as the log would keep it, after NFKC folds full-width and other compatibility forms into
// their plain ones (`９８７６５４３２１０` → digits, `＠` → `@`), and after punctuation and spaces between digits
// are set aside, so `98765.43210`, `(98765) 43210` and `98765-43210` are one number.

/** A word shaped like an order number (shop-rules' orderNumber: the first 8 hex digits of the order's id). */
const ORDER_NUMBER = /^(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8}$/i;

/**
 * Whether `text` (a search as typed, or as logged) looks like a person's: an `@` anywhere (an e-mail address), six
 * digits or more in all (a phone number, a pincode, an order's long id), or a word shaped like an order number.
 */
export function personalSearch(text: string): boolean {
  const folded = text.normalize('NFKC');
  if (folded.includes('@')) return true;
  if ((folded.match(/\p{Nd}/gu) ?? []).length >= 6) return true;
  return folded.split(/[^\p{L}\p{N}]+/u).some((word) => ORDER_NUMBER.test(word));
}
