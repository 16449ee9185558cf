// GST through the real gateway and api: a product's code and rate, the cart's and the quote's GST, the
// checkout's and the order's split by where the parcel goes, and a business buyer's GSTIN.
import { gstOf, SHIPPING_FEE } from '@digitic/shop-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from './test/back-office.js';
import { signUp, startTestGateway, type TestGateway } from './test/harness.js';

let gw: TestGateway;
let cheapest: { id: string; price: number; hsnCode: string | null; gstRate: number; colors: { id: string }[] }[];
beforeAll(async () => {
  gw = await startTestGateway();
  const res = await gw.gql<{ products: { items: typeof cheapest } }>(
    '{ products(pageSize: 2, sort: PRICE_ASC) { items { id price hsnCode gstRate colors { id } } } }',
  );
  cheapest = res.data?.products.items ?? [];
});
afterAll(() => gw.close());

const address = {
  firstname: 'Asha',
  lastname: 'Patel',
  address: '12 MG Road',
  city: 'Surat',
  state: 'Gujarat',
  country: 'India',
  pincode: 395003,
  gstin: '24aaacd1234f1zd',
};
const LINE_TAX = 'rate valuePaise taxablePaise cgstPaise sgstPaise igstPaise';
const SALE_TAX = `sellerState sellerGstin placeOfSupply intraState stateTaxName buyerGstin shipping { ${LINE_TAX} } valuePaise taxablePaise cgstPaise sgstPaise igstPaise gstPaise`;

describe('GST in the schema', () => {
  it('a product names its HSN code and rate; the cart and the quote the GST inside their totals', async () => {
    expect(cheapest.map((p) => [p.hsnCode, p.gstRate])).toEqual([
      [expect.stringMatching(/^\d{4}$/), 18],
      [expect.stringMatching(/^\d{4}$/), 18],
    ]);
    const { token } = await signUp(gw);
    const [a, b] = cheapest as [(typeof cheapest)[0], (typeof cheapest)[0]];
    for (const [p, quantity] of [
      [a, 2],
      [b, 1],
    ] as const) {
      const added = await gw.gql(
        'mutation($i: AddToCartInput!) { addToCart(input: $i) { id } }',
        { i: { productId: p.id, colorId: p.colors[0]?.id, quantity } },
        token,
      );
      expect(added.errors).toBeUndefined();
    }
    const gst =
      gstOf(2 * a.price * 100, 1800, false).igst + gstOf(b.price * 100, 1800, false).igst + gstOf(SHIPPING_FEE * 100, 1800, false).igst;
    const cart = await gw.gql<{ cart: { total: number; gstPaise: number } }>('{ cart { total gstPaise } }', {}, token);
    expect(cart.data?.cart.gstPaise).toBe(gst);
    const quote = await gw.gql<{ checkoutQuote: { totalAfterDiscount: number; gstPaise: number; taxablePaise: number } }>(
      '{ checkoutQuote { totalAfterDiscount gstPaise taxablePaise } }',
      {},
      token,
    );
    expect(quote.data?.checkoutQuote).toEqual({
      totalAfterDiscount: cart.data?.cart.total,
      gstPaise: gst,
      taxablePaise: (cart.data?.cart.total ?? 0) * 100 - gst,
    });

    // The checkout splits it: the demo's seller is in Gujarat, and so is the parcel.
    const started = await gw.gql<{ startCheckout: { providerOrderId: string; tax: Record<string, unknown> & { gstPaise: number } } }>(
      `mutation($a: AddressInput!) { startCheckout(address: $a) { providerOrderId tax { ${SALE_TAX} } } }`,
      { a: address },
      token,
    );
    expect(started.errors).toBeUndefined();
    const tax = started.data?.startCheckout.tax;
    expect(tax).toMatchObject({
      sellerState: 'Gujarat',
      sellerGstin: '24AAACD1234F1ZD',
      placeOfSupply: 'Gujarat',
      intraState: true,
      stateTaxName: 'SGST',
      buyerGstin: '24AAACD1234F1ZD',
      shipping: { rate: 18, valuePaise: 10_000, taxablePaise: 8475, cgstPaise: 763, sgstPaise: 762, igstPaise: 0 },
      valuePaise: (cart.data?.cart.total ?? 0) * 100,
      gstPaise: gst,
      igstPaise: 0,
    });

    // Paid and placed: the order and each of its lines carry what was charged.
    const paid = (await (
      await fetch(`${gw.url}/payment-simulator/sim/orders/${started.data?.startCheckout.providerOrderId}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ key_id: 'rzp_test_digitic_simulator', outcome: 'success' }),
      })
    ).json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
    const placed = await gw.gql<{
      placeOrder: {
        id: string;
        tax: typeof tax;
        shippingAddress: { gstin: string };
        items: { hsnCode: string; tax: { rate: number; cgstPaise: number } }[];
      };
    }>(
      `mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { id tax { ${SALE_TAX} } shippingAddress { gstin } items { hsnCode tax { ${LINE_TAX} } } } }`,
      {
        i: {
          address,
          payment: {
            providerOrderId: paid.razorpay_order_id,
            providerPaymentId: paid.razorpay_payment_id,
            signature: paid.razorpay_signature,
          },
        },
      },
      token,
    );
    expect(placed.errors).toBeUndefined();
    expect(placed.data?.placeOrder.tax).toEqual(tax);
    expect(placed.data?.placeOrder.shippingAddress.gstin).toBe('24AAACD1234F1ZD');
    expect(placed.data?.placeOrder.items).toEqual([
      { hsnCode: a.hsnCode, tax: { rate: 18, valuePaise: 2 * a.price * 100, ...split(2 * a.price * 100) } },
      { hsnCode: b.hsnCode, tax: { rate: 18, valuePaise: b.price * 100, ...split(b.price * 100) } },
    ]);

    // Its tax invoice, listed with the order and downloaded from the shop's origin with the shopper's sign-in.
    type Doc = { id: string; kind: string; number: string; issuedAt: string; totalPaise: number; pdfUrl: string };
    const orderId = placed.data?.placeOrder.id as string;
    const mine = await gw.gql<{ order: { taxDocuments: Doc[] } }>(
      'query($id: ID!) { order(id: $id) { taxDocuments { id kind number issuedAt totalPaise pdfUrl } } }',
      { id: orderId },
      token,
    );
    expect(mine.errors).toBeUndefined();
    const [invoice] = mine.data?.order.taxDocuments ?? [];
    expect(invoice).toMatchObject({
      kind: 'INVOICE',
      number: expect.stringMatching(/^INV\/\d{2}-\d{2}\/\d{6}$/),
      totalPaise: tax?.valuePaise,
    });
    expect(invoice?.pdfUrl).toBe(`/api/user/tax-documents/${invoice?.id}/pdf`);
    const pdf = await fetch(`${gw.url}${invoice?.pdfUrl}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${invoice?.number.replace(/\//g, '-')}.pdf"`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await fetch(`${gw.url}${invoice?.pdfUrl}`)).status).toBe(401);
    const stranger = await signUp(gw);
    expect((await fetch(`${gw.url}${invoice?.pdfUrl}`, { headers: { Authorization: `Bearer ${stranger.token}` } })).status).toBe(404);
    expect(
      (await fetch(`${gw.url}/api/user/tax-documents/not-a-document/pdf`, { headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(404);

    // The back office lists it on the order and downloads it with the staff session.
    const { browser } = await signedInStaff(gw, 'fulfilment');
    const desk = await browser.admin<{ order: { taxDocuments: Doc[] } }>(
      'query($id: ID!) { order(id: $id) { taxDocuments { id kind number issuedAt totalPaise pdfUrl } } }',
      { id: orderId },
    );
    expect(desk.errors).toBeUndefined();
    expect(desk.data?.order.taxDocuments).toEqual([{ ...invoice, pdfUrl: `/admin/files/tax-documents/${invoice?.id}/pdf` }]);
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const staffPdf = await fetch(`${gw.url}/admin/files/tax-documents/${invoice?.id}/pdf`, { headers: { Cookie: cookie } });
    expect(staffPdf.status).toBe(200);
    expect(staffPdf.headers.get('content-type')).toBe('application/pdf');
    expect((await fetch(`${gw.url}/admin/files/tax-documents/${invoice?.id}/pdf`)).status).toBe(401);
  });

  it('refuses a GSTIN that is not one before the api is asked, naming the field', async () => {
    const { token } = await signUp(gw);
    const res = await gw.gql(
      'mutation($a: AddressInput!) { startCheckout(address: $a) { providerOrderId } }',
      { a: { ...address, gstin: '24AAACD1234F1Z' } },
      token,
    );
    expect(res.errors?.[0]).toMatchObject({
      message: 'A GSTIN is 15 characters: the state code, the PAN, the registration number, Z and a check character',
      extensions: { code: 'BAD_USER_INPUT', field: 'address.gstin' },
    });
  });
});

const split = (value: number) => {
  const t = gstOf(value, 1800, true);
  return { taxablePaise: t.taxable, cgstPaise: t.cgst, sgstPaise: t.sgst, igstPaise: 0 };
};
