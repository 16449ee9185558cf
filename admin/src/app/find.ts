/**
 * Where the frame's search box sends what was typed: an order number (as shown, "F54CAA73" or "#f54caa73"), an
 * order's id, a payment id, an e-mail or a phone number goes to the orders; anything else is a product's name
 * (title, address or id) for the products. Each only if the person may open that desk; null: neither.
 */
export function findPath(words: string, may: { orders: boolean; products: boolean }): string | null {
  const q = words.trim();
  if (!q) return null;
  const orderLike =
    /^#?[0-9a-f]{8}$/i.test(q) || // the order number people are shown
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(q) || // an order's id
    /^(order|pay)_\w+$/.test(q) || // Razorpay's ids
    q.includes('@') || // an e-mail
    (q.replace(/[\s()+-]/g, '').length >= 10 && /^[\d\s()+-]+$/.test(q)); // a phone number
  const to = (desk: string) => `${desk}?q=${encodeURIComponent(q)}`;
  if (orderLike && may.orders) return to('/orders');
  if (may.products) return to('/products');
  if (may.orders) return to('/orders');
  return null;
}
