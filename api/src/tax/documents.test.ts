// Tax invoices and credit notes through the real api: issued with the order and the refund, numbered without a
// gap (20 orders at once), read back from their PDF, downloaded only by their customer and by staff who may read
// orders, and attached to the confirmation e-mail.
import { financialYear, gstOf, shareDiscount, SHIPPING_FEE, toPaise } from '@digitic/shop-rules';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaxDocumentRecord } from '@digitic/rest-contract';
import { DomainError } from '../domain/errors.js';
import { createRazorpayProvider } from '../payments/provider.js';
import { issueCreditNote } from './credit-notes.js';
import { documentPdf } from './pdf.js';
import {
  type ListedProduct,
  newCustomer,
  payInSimulator,
  someProducts,
  staffSession,
  startTestApi,
  TEST_ADDRESS,
  type TestApi,
  type TestCustomer,
} from '../test/harness.js';

let api: TestApi;
let products: ListedProduct[];
/** While true, the provider refuses every refund (as Razorpay does a refund of more than is left). */
let refuseRefunds = false;
beforeAll(async () => {
  api = await startTestApi({
    payments: (config) => {
      const real = createRazorpayProvider(config.razorpay);
      return {
        ...real,
        refund: (...args: Parameters<typeof real.refund>) =>
          refuseRefunds
            ? Promise.reject(new DomainError('PAYMENT_FAILED', 'The refund amount provided is greater than amount captured'))
            : real.refund(...args),
      };
    },
  });
  // The dearest first: a line above a lakh shows India's digit grouping.
  products = await someProducts(api, 'limit=3&sort=-price');
});
afterAll(async () => {
  await api.close();
});

const year = () => financialYear(new Date());

/** A new customer buys `lines` (product index, quantity), with a coupon when given; answers the order's id. */
async function buy(lines: [number, number][], options: { couponCode?: string; customer?: TestCustomer } = {}) {
  const customer = options.customer ?? (await newCustomer(api));
  for (const [i, quantity] of lines) {
    const p = products[i] as ListedProduct;
    const added = await api.http.post('/api/user/cart').set(customer.auth).send({ productId: p._id, color: p.color[0]?._id, quantity });
    if (added.status >= 300) throw new Error(`not added: ${JSON.stringify(added.body)}`);
  }
  const started = await api.http
    .post('/api/user/order/checkout')
    .set(customer.auth)
    .send({ shippingInfo: TEST_ADDRESS, couponCode: options.couponCode ?? null });
  if (started.status !== 201) throw new Error(`not started: ${JSON.stringify(started.body)}`);
  const paid = await payInSimulator(api, started.body.checkout.razorpayOrderId);
  const made = await api.http
    .post('/api/user/cart/create-order')
    .set(customer.auth)
    .send({
      shippingInfo: TEST_ADDRESS,
      paymentInfo: {
        razorpayOrderId: paid.body.razorpay_order_id,
        razorpayPaymentId: paid.body.razorpay_payment_id,
        razorpaySignature: paid.body.razorpay_signature,
      },
    });
  if (made.status !== 201) throw new Error(`not ordered: ${JSON.stringify(made.body)}`);
  return { orderId: made.body.order._id as string, customer, checkout: started.body.checkout };
}

const documents = async (orderId: string): Promise<TaxDocumentRecord[]> =>
  (
    await api.database.db
      .selectFrom('tax_documents')
      .select(['id', 'document'])
      .where('order_id', '=', orderId)
      .orderBy('issued_at')
      .execute()
  ).map((r) => ({ ...r.document, _id: r.id }));

const textOf = async (pdf: Buffer) => (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text;

describe('tax invoices', () => {
  it('are issued with the order: the seller, the buyer, each line’s tax and the shipping’s, adding up to what was paid', async () => {
    const desk = await staffSession(api, 'catalogue');
    const code = `INV${Date.now().toString(36).toUpperCase()}`;
    expect((await api.http.post('/api/admin/coupons').set(desk.auth).send({ code, kind: 'percent', value: 10 })).status).toBe(201);
    const { orderId, customer, checkout } = await buy(
      [
        [0, 2],
        [2, 1],
      ],
      { couponCode: code },
    );
    const [invoice] = await documents(orderId);
    expect(invoice).toBeDefined();
    const inv = invoice as TaxDocumentRecord;
    expect(inv.number).toMatch(new RegExp(`^INV/${year()}/\\d{6}$`));
    expect(inv.number.length).toBeLessThanOrEqual(16);
    expect(inv).toMatchObject({
      kind: 'invoice',
      orderId,
      orderNumber: orderId.slice(0, 8).toUpperCase(),
      against: null,
      seller: { state: 'Gujarat', stateCode: '24', gstin: '24AAACD1234F1ZD', demo: true },
      buyer: { name: 'A P', state: 'Gujarat', stateCode: '24', gstin: null },
      placeOfSupply: { state: 'Gujarat', code: '24' },
      intraState: true,
      stateTaxName: 'SGST',
    });
    expect(inv.buyer.address).toBe('1 Road, Surat 395003, Gujarat, India');
    // Each line as the checkout priced it: the coupon's share off, the tax inside.
    const [a, c] = [products[0], products[2]] as ListedProduct[];
    const shares = shareDiscount(
      [
        { quantity: 2, price: a!.price },
        { quantity: 1, price: c!.price },
      ],
      toPaise(checkout.discount),
    );
    expect(
      inv.lines.map((l) => [l.description.startsWith(l.itemId ? '' : 'Shipping'), l.quantity, l.unitPrice, l.discount, l.rateBp]),
    ).toEqual([
      [true, 2, a!.price * 100, shares[0], 1800],
      [true, 1, c!.price * 100, shares[1], 1800],
      [true, 1, SHIPPING_FEE * 100, 0, 1800],
    ]);
    for (const l of inv.lines) {
      const t = gstOf(l.value, l.rateBp, true);
      expect([l.taxable, l.cgst, l.sgst, l.igst]).toEqual([t.taxable, t.cgst, t.sgst, 0]);
    }
    expect(inv.lines[2]).toMatchObject({ itemId: null, description: 'Shipping and handling', code: '996812' });
    expect(inv.totals.value).toBe(toPaise(checkout.totalAfterDiscount));
    expect(inv.totals.taxable + inv.totals.cgst + inv.totals.sgst).toBe(inv.totals.value);

    // The order lists it; its customer downloads it; the PDF says what the record says.
    const { order } = (await api.http.get(`/api/user/orders/${orderId}`).set(customer.auth)).body;
    expect(order.taxDocuments).toEqual([
      { _id: inv._id, kind: 'invoice', number: inv.number, issuedAt: inv.issuedAt, total: inv.totals.value },
    ]);
    const pdf = await api.http
      .get(`/api/user/tax-documents/${inv._id}/pdf`)
      .set(customer.auth)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${inv.number.replace(/\//g, '-')}.pdf"`);
    const text = await textOf(pdf.body as Buffer);
    for (const said of [
      'TAX INVOICE',
      'DEMO SHOP: the seller’s details are made up. This is not a valid tax invoice.',
      inv.number,
      'GSTIN: 24AAACD1234F1ZD',
      'State: Gujarat (code 24)',
      'Place of supply: Gujarat (code 24)',
      'Tax payable on reverse charge: No',
      'A P',
      '1 Road, Surat 395003, Gujarat, India',
      '996812',
      'Shipping and handling',
      `Invoice total ${rupees(inv.totals.value)}`,
      `CGST ${rupees(inv.totals.cgst)}`,
      `SGST ${rupees(inv.totals.sgst)}`,
      '9%',
    ]) {
      expect(text, said).toContain(said);
    }
    // Indian digit grouping: a lakh and more is written 1,23,456.78.
    expect(inv.totals.value).toBeGreaterThan(100_000_00);
    expect(text).toMatch(/₹\d{1,2},\d{2},\d{3}\.\d{2}/);

    // The confirmation e-mail carries it.
    // Sent once the order is made, apart from its transaction.
    await expect
      .poll(async () => (await api.outbox()).some((m) => m.to === customer.email && m.subject.includes('is confirmed')))
      .toBe(true);
    const mail = (await api.outbox()).find((m) => m.to === customer.email && m.subject.includes('is confirmed')) as unknown as {
      text: string;
      attachments: { filename: string; contentType: string; base64: string }[];
    };
    expect(mail.text).toContain(`Your tax invoice ${inv.number} is attached.`);
    expect(mail.text).toMatch(/Including GST: Rs\. [\d,]+\.\d{2}/);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`${inv.number.replace(/\//g, '-')}.pdf`, 'application/pdf'],
    ]);
    expect(await textOf(Buffer.from(mail.attachments[0]!.base64, 'base64'))).toContain(inv.number);
  });

  it('are for their customer and for staff who may read orders, each staff download in the audit trail', async () => {
    const { orderId, customer } = await buy([[1, 1]]);
    const [inv] = (await documents(orderId)) as [TaxDocumentRecord];
    const other = await newCustomer(api);
    expect((await api.http.get(`/api/user/tax-documents/${inv._id}/pdf`).set(other.auth)).status).toBe(404);
    expect((await api.http.get(`/api/user/tax-documents/${inv._id}/pdf`)).status).toBe(401);
    expect((await api.http.get('/api/user/tax-documents/not-an-id/pdf').set(customer.auth)).status).toBe(404);
    const fulfilment = await staffSession(api, 'fulfilment');
    const got = await api.http.get(`/api/admin/tax-documents/${inv._id}/pdf`).set(fulfilment.auth);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    const trail = await api.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'subject_id'])
      .where('action', '=', 'tax_document.downloaded')
      .where('subject_id', '=', orderId)
      .execute();
    expect(trail).toEqual([{ action: 'tax_document.downloaded', actor_id: fulfilment.id, subject_id: orderId }]);
    const catalogue = await staffSession(api, 'catalogue');
    expect((await api.http.get(`/api/admin/tax-documents/${inv._id}/pdf`).set(catalogue.auth)).status).toBe(403);
  });

  it('are drawn once and kept: every download reads the same bytes, and one shopper or address is limited', async () => {
    const { orderId, customer } = await buy([[2, 1]]);
    const [inv] = (await documents(orderId)) as [TaxDocumentRecord];
    const download = (auth: Record<string, string>, from = '203.0.113.50', path = `/api/user/tax-documents/${inv._id}/pdf`) =>
      api.http
        .get(path)
        .set(auth)
        .set('X-Forwarded-For', from)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
    const first = await download(customer.auth);
    expect(first.status).toBe(200);
    const kept = await api.database.db
      .selectFrom('tax_document_pdfs')
      .select(['pdf', 'drawn_at'])
      .where('document_id', '=', inv._id)
      .execute();
    expect(kept).toHaveLength(1);
    expect(Buffer.from(kept[0]?.pdf as Buffer).equals(first.body as Buffer)).toBe(true);
    // Later downloads are the kept bytes (a drawing again would differ: pdfkit stamps each PDF with when it was made).
    const again = await download(customer.auth);
    expect((again.body as Buffer).equals(first.body as Buffer)).toBe(true);
    // The kept PDF is as append-only as its document.
    await expect(api.database.db.deleteFrom('tax_document_pdfs').where('document_id', '=', inv._id).execute()).rejects.toThrow();
    // Thirty downloads in ten minutes for one account (two made above); then 429 naming the wait.
    const statuses: number[] = [];
    for (let i = 0; i < 29; i += 1) statuses.push((await download(customer.auth, `203.0.113.${60 + (i % 5)}`)).status);
    expect(statuses.filter((st) => st === 200)).toHaveLength(28);
    const refused = await download(customer.auth, '203.0.113.70');
    expect(refused.status).toBe(429);
    expect(JSON.parse((refused.body as Buffer).toString()).message).toMatch(
      /^Too many downloads of tax documents: please try again in \d+ minutes?\.$/,
    );
    // Sixty from one address, whoever asks: other accounts' downloads from it count too.
    const others = await Promise.all(Array.from({ length: 3 }, () => newCustomer(api)));
    let fromOneAddress = 0;
    for (let i = 0; i < 61; i += 1) {
      const st = (await download((others[i % 3] as { auth: Record<string, string> }).auth, '198.51.100.9')).status;
      if (st === 429) break;
      expect(st).toBe(404);
      fromOneAddress += 1;
    }
    expect(fromOneAddress).toBe(60);
  });

  it('run without a gap when 20 orders are placed at once, and a document rolled back takes no number', async () => {
    const before = await api.database.db.selectFrom('tax_documents').select('serial').where('kind', '=', 'invoice').execute();
    const made = await Promise.all(Array.from({ length: 20 }, () => buy([[1, 1]])));
    const serials = (
      await api.database.db
        .selectFrom('tax_documents')
        .select('serial')
        .where('kind', '=', 'invoice')
        .where('financial_year', '=', year())
        .orderBy('serial')
        .execute()
    ).map((r) => r.serial);
    expect(serials).toEqual(Array.from({ length: before.length + 20 }, (_, i) => i + 1));
    const numbers = await api.database.db
      .selectFrom('tax_documents')
      .select('number')
      .where(
        'order_id',
        'in',
        made.map((m) => m.orderId),
      )
      .execute();
    expect(new Set(numbers.map((n) => n.number)).size).toBe(20);

    // A credit note whose refund is rolled back takes no number: the next one has it.
    const { orderId, customer } = made[0] as { orderId: string; customer: TestCustomer };
    await expect(
      api.database.db.transaction().execute(async (trx) => {
        const issued = await issueCreditNote(trx, {
          id: null as unknown as string,
          orderId,
          amountPaise: 100,
          reason: 'rolled back',
          lines: [],
        });
        expect(issued?.number).toBe(`CN/${year()}/000001`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // The shopper cancels before it ships: the refund's credit note is CN …/000001, against the invoice, for what was paid.
    const cancelled = await api.http.post(`/api/user/orders/${orderId}/cancel`).set(customer.auth).send({ reason: 'Changed my mind' });
    expect(cancelled.status).toBe(200);
    // Issued when the provider has processed the refund.
    await expect.poll(async () => (await documents(orderId)).length).toBe(2);
    const [invoice, note] = (await documents(orderId)) as [TaxDocumentRecord, TaxDocumentRecord];
    expect(note).toMatchObject({
      kind: 'credit_note',
      number: `CN/${year()}/000001`,
      against: { number: invoice.number, issuedAt: invoice.issuedAt },
      totals: invoice.totals,
    });
    expect(note.lines.map((l) => [l.itemId, l.value, l.cgst, l.sgst])).toEqual(
      invoice.lines.map((l) => [l.itemId, l.value, l.cgst, l.sgst]),
    );
    const text = await textOf(await documentPdf(note));
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Against invoice: ${invoice.number}`);
    // Documents are never changed or removed: the database refuses.
    await expect(api.database.db.updateTable('tax_documents').set({ number: 'X' }).where('id', '=', note._id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(api.database.db.deleteFrom('tax_documents').where('id', '=', note._id).execute()).rejects.toThrow(/append-only/);
  }, 120_000);
});

describe('credit notes', () => {
  it('are issued for refunds the provider processed, never a refused one, and credit the invoice to the paisa, unit by unit and then the rest', async () => {
    const { orderId, customer } = await buy([
      [1, 3],
      [2, 1],
    ]);
    const [invoice] = (await documents(orderId)) as [TaxDocumentRecord];
    const manager = await staffSession(api, 'manager');
    const itemA = invoice.lines[0]?.itemId as string;
    const refundUnit = async () => {
      const { version } = (await api.http.get(`/api/admin/orders/${orderId}`).set(manager.auth)).body;
      const res = await api.http
        .post(`/api/admin/orders/${orderId}/refunds`)
        .set(manager.auth)
        .send({ lines: [{ itemId: itemA, quantity: 1 }], reason: 'Scratched', version });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    // Refused by the provider: the refund fails, and nothing is credited.
    refuseRefunds = true;
    await refundUnit();
    await expect
      .poll(async () =>
        (await api.database.db.selectFrom('order_refunds').select('state').where('order_id', '=', orderId).execute()).map((r) => r.state),
      )
      .toEqual(['failed']);
    expect((await documents(orderId)).map((d) => d.kind)).toEqual(['invoice']);
    refuseRefunds = false;
    // Two units, one at a time, then the shopper cancels what is left.
    await refundUnit();
    await expect.poll(async () => (await documents(orderId)).length).toBe(2);
    await refundUnit();
    await expect.poll(async () => (await documents(orderId)).length).toBe(3);
    expect((await api.http.post(`/api/user/orders/${orderId}/cancel`).set(customer.auth).send({ reason: 'No longer needed' })).status).toBe(
      200,
    );
    await expect.poll(async () => (await documents(orderId)).length).toBe(4);
    const notes = (await documents(orderId)).slice(1);
    expect(notes.map((n) => n.kind)).toEqual(['credit_note', 'credit_note', 'credit_note']);
    // A unit of A each, its tax as the invoice's line would give one unit; then the rest of A, B and the shipping.
    expect(notes[0]?.lines.map((l) => [l.itemId, l.quantity])).toEqual([[itemA, 1]]);
    expect(notes[2]?.lines.map((l) => [l.itemId, l.quantity])).toEqual(
      invoice.lines.map((l) => [l.itemId, l.itemId === itemA ? 1 : l.quantity]),
    );
    // Together they credit the invoice exactly: each line, each tax, to the paisa.
    for (const row of invoice.lines) {
      const credited = notes.flatMap((n) => n.lines.filter((l) => l.itemId === row.itemId));
      const sum = (k: 'value' | 'taxable' | 'cgst' | 'sgst' | 'igst' | 'quantity') => credited.reduce((t, l) => t + l[k], 0);
      expect([sum('quantity'), sum('value'), sum('taxable'), sum('cgst'), sum('sgst'), sum('igst')]).toEqual([
        row.quantity,
        row.value,
        row.taxable,
        row.cgst,
        row.sgst,
        row.igst,
      ]);
    }
    // Each credit note is what its refund gave back.
    const refunds = await api.database.db
      .selectFrom('order_refunds')
      .select(['id', 'amount', 'state'])
      .where('order_id', '=', orderId)
      .where('state', '=', 'processed')
      .execute();
    const byRefund = await api.database.db
      .selectFrom('tax_documents')
      .select(['refund_id', 'document'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'credit_note')
      .execute();
    expect(byRefund.map((d) => [d.refund_id, d.document.totals.value]).sort()).toEqual(refunds.map((r) => [r.id, r.amount]).sort());
  }, 60_000);
});

/** As the PDF writes paise: ₹1,52,542.37. */
function rupees(paise: number): string {
  const whole = String(Math.floor(paise / 100));
  const grouped = whole.length > 3 ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}` : whole;
  return `₹${grouped}.${String(paise % 100).padStart(2, '0')}`;
}
