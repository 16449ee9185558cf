// The cart as the tests' mocked server answers it (cart-page.test.tsx, app/cart-cache.test.tsx).

/** A cart line of one product, in black, with no images. */
export const line = (id: string, title: string, quantity: number, unitPrice: number) => ({
  __typename: 'CartLine' as const,
  id,
  quantity,
  unitPrice,
  lineTotal: quantity * unitPrice,
  color: { __typename: 'Color' as const, id: `c-${id}`, title: 'black' },
  product: { __typename: 'Product' as const, id: `p-${id}`, title, images: [] },
});

/** The shopper's cart holding these lines, its totals summed from them (shipping 100). */
export const cart = (lines: ReturnType<typeof line>[]) => {
  const subtotal = lines.reduce((s, l) => s + l.lineTotal, 0);
  return {
    __typename: 'Cart' as const,
    id: 'c1',
    lineCount: lines.length,
    subtotal,
    shipping: 100,
    total: subtotal + 100,
    gstPaise: lines.length ? Math.round(((subtotal + 100) * 100 * 18) / 118) : 0,
    lines,
  };
};
