import { type ListedProduct, newCustomer, payInSimulator, placeOrder, SoftAuthenticator, someProducts } from '@digitic/api/testing';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestGateway, type TestGateway } from '../test/harness.js';
import { backOfficeBrowser, codeFor, enrolledStaff, PASSWORD } from '../test/back-office.js';

let gw: TestGateway;
const adminDist = mkdtempSync(path.join(tmpdir(), 'digitic-admin-dist-'));
beforeAll(async () => {
  mkdirSync(path.join(adminDist, 'assets'));
  writeFileSync(path.join(adminDist, 'index.html'), '<!doctype html><title>Back office</title><div id="root"></div>');
  writeFileSync(path.join(adminDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  gw = await startTestGateway({ ADMIN_DIST: adminDist });
});
afterAll(() => gw.close());

const browser = () => backOfficeBrowser(gw);
const enrolledOwner = (role = 'owner') => enrolledStaff(gw, role);

const SIGN_IN = 'mutation($i: SignInInput!) { signIn(input: $i) { id email role permissions } }';

describe('the back office schema at /admin/graphql', () => {
  it('enrols from a link, signs in with two factors and keeps the session in an httpOnly, SameSite=Strict cookie', async () => {
    const { email, secret, browser: b, invitation } = await enrolledOwner();
    expect(invitation?.role).toBe('OWNER');
    expect(invitation?.totpQrSvg).toMatch(/^<svg/);
    const signedIn = await b.admin<{ signIn: { role: string; permissions: string[] } }>(SIGN_IN, {
      i: { email, password: PASSWORD, code: codeFor(secret, 30_000) },
    });
    expect(signedIn.data?.signIn.role).toBe('OWNER');
    expect(signedIn.data?.signIn.permissions).toContain('staff:manage');
    const session = signedIn.setCookie.find((c) => c.startsWith('digitic_staff='));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Strict/);
    expect(session).toMatch(/Path=\/admin/);
    expect(signedIn.setCookie.find((c) => c.startsWith('digitic_staff_csrf='))).toMatch(/HttpOnly/);
    const me = await b.admin<{ me: { email: string } }>('{ me { email } }');
    expect(me.data?.me.email).toBe(email);

    // A write without the CSRF header is refused by the api, whatever the cookie.
    const invite = 'mutation($e: String!) { inviteStaff(email: $e, role: FULFILMENT) { link } }';
    const forged = await b.admin(invite, { e: 'someone@example.com' }, { csrf: false });
    expect(forged.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    const invited = await b.admin<{ inviteStaff: { link: string } }>(invite, { e: 'someone@example.com' });
    expect(invited.data?.inviteStaff.link).toMatch(/\/admin\/enrol#/);
    // E-mailed to them, and the enrolment page starts with the name the owner gave.
    const named = await b.admin<{ inviteStaff: { link: string; expiresAt: string; emailed: boolean } }>(
      'mutation($e: String!) { inviteStaff(email: $e, role: SUPPORT, name: "Sam Support") { link expiresAt emailed } }',
      { e: 'sam.support@example.com' },
    );
    expect(named.data?.inviteStaff.emailed).toBe(true);
    expect((await gw.api.outbox()).find((m) => m.to === 'sam.support@example.com')?.text).toContain(named.data?.inviteStaff.link);
    const shown = await browser().admin<{ invitation: { email: string; name: string; needsEmail: boolean; role: string } }>(
      'query($t: String!) { invitation(token: $t) { email name needsEmail role } }',
      { t: named.data?.inviteStaff.link.split('#')[1] },
    );
    expect(shown.data?.invitation).toEqual({ email: 'sam.support@example.com', name: 'Sam Support', needsEmail: false, role: 'SUPPORT' });

    // Signed out: the cookies are cleared and the session is dead at the api too.
    const token = b.cookies.get('digitic_staff') as string;
    await b.admin('mutation { signOut }');
    expect(b.cookies.has('digitic_staff')).toBe(false);
    const replayed = browser();
    replayed.cookies.set('digitic_staff', token);
    expect((await replayed.admin<{ me: null }>('{ me { email } }')).data?.me).toBeNull();
  });

  it('refuses a wrong code with the api’s words, and a second use of the same code', async () => {
    const { email, secret } = await enrolledOwner('support');
    const b = browser();
    const wrong = await b.admin(SIGN_IN, { i: { email, password: PASSWORD, code: '000000' } });
    expect(wrong.errors?.[0]).toMatchObject({
      message: 'The e-mail, password or code is not right',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    const code = codeFor(secret, 30_000);
    expect((await b.admin(SIGN_IN, { i: { email, password: PASSWORD, code } })).errors).toBeUndefined();
    const again = await browser().admin(SIGN_IN, { i: { email, password: PASSWORD, code } });
    expect(again.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('moves an order along with a version, tracking and a note, on the order’s timeline', async () => {
    const [product] = (await someProducts(gw.api, 'limit=1&sort=price')) as [ListedProduct];
    const { orderId, customer: c } = await placeOrder(gw.api, product);

    const { email, secret, browser: b } = await enrolledOwner('fulfilment');
    await b.admin(SIGN_IN, { i: { email, password: PASSWORD, code: codeFor(secret, 30_000) } });
    const list = await b.admin<{ orders: { items: { id: string; status: string }[]; total: number } }>(
      'query($s: String) { orders(filter: { search: $s }) { items { id status } total } }',
      { s: c.email },
    );
    expect(list.data?.orders.items).toEqual([{ id: orderId, status: 'ORDERED' }]);
    const move =
      'mutation($i: MoveOrderInput!) { moveOrder(input: $i) { status version nextStatuses shipment { carrier trackingNumber } } }';
    const processed = await b.admin<{ moveOrder: { version: number; nextStatuses: string[] } }>(move, {
      i: { orderId, to: 'PROCESSED', version: 0 },
    });
    expect(processed.data?.moveOrder).toMatchObject({ version: 1, nextStatuses: ['SHIPPED', 'CANCELLED'] });
    const stale = await b.admin(move, {
      i: { orderId, to: 'SHIPPED', version: 0, shipment: { carrier: 'Delhivery', trackingNumber: 'DL1' } },
    });
    expect(stale.errors?.[0]?.extensions.code).toBe('VERSION_CONFLICT');
    const skipped = await b.admin(move, { i: { orderId, to: 'DELIVERED', version: 1 } });
    expect(skipped.errors?.[0]).toMatchObject({
      extensions: { code: 'TRANSITION_NOT_ALLOWED' },
      message: expect.stringContaining('Processed'),
    });
    const shipped = await b.admin<{ moveOrder: { status: string } }>(move, {
      i: { orderId, to: 'SHIPPED', version: 1, shipment: { carrier: 'Delhivery', trackingNumber: 'DL123' } },
    });
    expect(shipped.data?.moveOrder).toMatchObject({ status: 'SHIPPED', shipment: { carrier: 'Delhivery', trackingNumber: 'DL123' } });
    // The shipped e-mail goes after the move's commit, on its own; a flush asked for now runs after that send,
    // so the timeline's order below is the same on a fast machine and a loaded one.
    await gw.api.services.notices.flush();
    const noted = await b.admin<{ addOrderNote: { timeline: { kind: string; actor: { kind: string; label: string } }[] } }>(
      'mutation($o: ID!) { addOrderNote(orderId: $o, note: "Packed in a double box") { timeline { kind actor { kind label } } } }',
      { o: orderId },
    );
    expect(noted.data?.addOrderNote.timeline.map((e) => `${e.kind}:${e.actor.kind}`)).toEqual([
      'placed:shopper',
      'status:staff',
      'status:staff',
      'email:system',
      'note:staff',
    ]);
    // Fulfilment may not read the audit trail.
    expect((await b.admin('{ auditLog { id } }')).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    // Nor the sales figures.
    expect((await b.admin('{ salesReport { totals { netPaise } } }')).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
  });

  it('lists what a coupon order paid, and counts today’s money taken, refunded and net', async () => {
    // The list showed the total before the coupon, and the dashboard's day said nothing of refunds.
    const [product] = (await someProducts(gw.api, 'limit=1&sort=-price')) as [ListedProduct];
    const { email, secret, browser: b } = await enrolledOwner('owner');
    await b.admin(SIGN_IN, { i: { email, password: PASSWORD, code: codeFor(secret, 30_000) } });
    type Today = { orders: number; revenue: number; takenPaise: number; refundedPaise: number; netPaise: number };
    const today = async () => {
      const dash = await b.admin<{ dashboard: { today: Today } }>(
        '{ dashboard { today { orders revenue takenPaise refundedPaise netPaise } } }',
      );
      expect(dash.errors).toBeUndefined();
      return dash.data?.dashboard.today as Today;
    };
    const before = await today();

    // A coupon made at the desk, and an order of two units paid with it.
    const code = `DESK${Date.now().toString(36).toUpperCase()}`;
    const coupon = await b.admin('mutation($i: CouponInput!) { createCoupon(input: $i) { id } }', {
      i: { code, kind: 'FIXED', value: 400 },
    });
    expect(coupon.errors).toBeUndefined();
    const shopper = await newCustomer(gw.api);
    await gw.api.http.post('/api/user/cart').set(shopper.auth).send({ productId: product._id, color: product.color[0]?._id, quantity: 2 });
    const shippingInfo = {
      firstname: 'A',
      lastname: 'P',
      address: '1 Road',
      city: 'Surat',
      state: 'Gujarat',
      country: 'India',
      pincode: 395003,
      phone: '98250 12345',
    };
    const started = await gw.api.http.post('/api/user/order/checkout').set(shopper.auth).send({ shippingInfo, couponCode: code });
    const paid = await payInSimulator(gw.api, started.body.order.id as string);
    const placed = await gw.api.http
      .post('/api/user/cart/create-order')
      .set(shopper.auth)
      .send({
        shippingInfo,
        paymentInfo: {
          razorpayOrderId: paid.body.razorpay_order_id,
          razorpayPaymentId: paid.body.razorpay_payment_id,
          razorpaySignature: paid.body.razorpay_signature,
        },
      });
    expect(placed.status).toBe(201);
    const order = placed.body.order as { _id: string; totalPrice: number; totalPriceAfterDiscount: number };
    expect(order.totalPriceAfterDiscount).toBe(order.totalPrice - 400);

    const list = await b.admin<{ orders: { items: { id: string; total: number; couponCode: string | null; discount: number }[] } }>(
      'query($s: String) { orders(filter: { search: $s }) { items { id total couponCode discount } } }',
      { s: order._id },
    );
    expect(list.errors).toBeUndefined();
    expect(list.data?.orders.items).toEqual([{ id: order._id, total: order.totalPriceAfterDiscount, couponCode: code, discount: 400 }]);

    // The phone given for the courier: on the order's address, in the list, and on the customer's record.
    const phones = await b.admin<{
      orders: { items: { deliveryPhone: string | null }[] };
      order: { address: { phone: string | null } };
      customers: { id: string; deliveryPhone: string | null }[];
    }>(
      'query($s: String, $o: ID!, $c: String!) { orders(filter: { search: $s }) { items { deliveryPhone } } order(id: $o) { address { phone } } customers(search: $c) { id deliveryPhone } }',
      { s: order._id, o: order._id, c: shopper.email },
    );
    expect(phones.errors).toBeUndefined();
    expect(phones.data).toEqual({
      orders: { items: [{ deliveryPhone: '9825012345' }] },
      order: { address: { phone: '9825012345' } },
      customers: [{ id: shopper.id, deliveryPhone: '9825012345' }],
    });
    const record = await b.admin<{ customer: { deliveryPhones: string[]; orders: { id: string; deliveryPhone: string | null }[] } }>(
      'query($c: ID!) { customer(id: $c) { deliveryPhones orders { id deliveryPhone } } }',
      { c: shopper.id },
    );
    expect(record.data?.customer).toEqual({ deliveryPhones: ['9825012345'], orders: [{ id: order._id, deliveryPhone: '9825012345' }] });

    // One unit of the two refunded: its price less its share of the discount.
    const read = await b.admin<{ order: { version: number; lines: { id: string }[] } }>(
      'query($o: ID!) { order(id: $o) { version lines { id } } }',
      {
        o: order._id,
      },
    );
    const refunded = await b.admin<{ refundOrder: { payment: { refunds: { amountPaise: number }[] } } }>(
      'mutation($i: RefundOrderInput!) { refundOrder(input: $i) { payment { refunds { amountPaise } } } }',
      {
        i: {
          orderId: order._id,
          version: read.data?.order.version,
          lines: [{ itemId: read.data?.order.lines[0]?.id, quantity: 1 }],
          reason: 'Dented',
        },
      },
    );
    expect(refunded.errors).toBeUndefined();
    const partPaise = refunded.data?.refundOrder.payment.refunds.at(-1)?.amountPaise as number;
    expect(partPaise).toBe(product.price * 100 - 200 * 100);

    const after = await today();
    const paidPaise = order.totalPriceAfterDiscount * 100;
    expect(after.takenPaise - before.takenPaise).toBe(paidPaise);
    expect(after.refundedPaise - before.refundedPaise).toBe(partPaise);
    expect(after.netPaise - before.netPaise).toBe(paidPaise - partPaise);
    expect(after.netPaise).toBe(after.takenPaise - after.refundedPaise);
    // The sales report's today is the dashboard's today, and its days add up to its totals.
    const report = await b.admin<{
      salesReport: {
        days: { day: string; orders: number; takenPaise: number; refundedPaise: number; netPaise: number; averageOrderPaise: number }[];
        totals: { orders: number; takenPaise: number; refundedPaise: number; netPaise: number; averageOrderPaise: number };
      };
    }>(
      '{ salesReport(days: 7) { days { day orders takenPaise refundedPaise netPaise averageOrderPaise } totals { orders takenPaise refundedPaise netPaise averageOrderPaise } } }',
    );
    expect(report.errors).toBeUndefined();
    const days = report.data?.salesReport.days ?? [];
    expect(days).toHaveLength(7);
    // The opening checklist: an order is done; each step a yes or no.
    const setup = await b.admin<{ dashboard: { setup: Record<string, boolean> } }>(
      '{ dashboard { setup { shopDetails photo secondStaff firstOrder } } }',
    );
    expect(setup.data?.dashboard.setup).toMatchObject({ firstOrder: true, secondStaff: true });
    expect(Object.values(setup.data?.dashboard.setup ?? {}).every((v) => typeof v === 'boolean')).toBe(true);
    expect(days.at(-1)).toMatchObject({ takenPaise: after.takenPaise, refundedPaise: after.refundedPaise, netPaise: after.netPaise });
    expect(report.data?.salesReport.totals.takenPaise).toBe(days.reduce((n, d) => n + d.takenPaise, 0));
    expect(after.revenue - before.revenue).toBe(order.totalPriceAfterDiscount);
    expect(after.orders - before.orders).toBe(1);
  });

  it('cancels, refunds by lines, runs a return to its refund, and shows the dashboard, customers and the audit CSV', async () => {
    const [product] = (await someProducts(gw.api, 'limit=1&sort=price')) as [ListedProduct];
    const { email, secret, browser: b } = await enrolledOwner('owner');
    await b.admin(SIGN_IN, { i: { email, password: PASSWORD, code: codeFor(secret, 30_000) } });
    const ORDER =
      'id status version nextStatuses lines { id quantity refundedQuantity } payment { refundedPaise leftToRefundPaise refunds { id providerRefundId amountPaise state source reason restocked error at lines { itemId quantity } } } returns { id status units version }';

    // Cancel: a reason and the version read; the refund shows on the order.
    const first = await placeOrder(gw.api, product);
    const noReason = await b.admin(`mutation($o: ID!) { cancelOrder(orderId: $o, version: 0, reason: "") { id } }`, { o: first.orderId });
    expect(noReason.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'reason' });
    const cancelled = await b.admin<{
      cancelOrder: {
        status: string;
        version: number;
        payment: { leftToRefundPaise: number; refunds: { state: string; source: string }[] };
      };
    }>(`mutation($o: ID!) { cancelOrder(orderId: $o, version: 0, reason: "The courier cannot reach the PIN code") { ${ORDER} } }`, {
      o: first.orderId,
    });
    expect(cancelled.errors).toBeUndefined();
    expect(cancelled.data?.cancelOrder).toMatchObject({ status: 'CANCELLED', payment: { leftToRefundPaise: 0 } });
    expect(cancelled.data?.cancelOrder.payment.refunds).toEqual([expect.objectContaining({ state: 'PROCESSED', source: 'cancellation' })]);
    const shipCancelled = await b.admin('mutation($i: MoveOrderInput!) { moveOrder(input: $i) { id } }', {
      i: { orderId: first.orderId, to: 'PROCESSED', version: cancelled.data?.cancelOrder.version },
    });
    expect(shipCancelled.errors?.[0]).toMatchObject({
      message: 'The order is Cancelled; its status cannot change any more',
      extensions: { code: 'TRANSITION_NOT_ALLOWED' },
    });

    // Refund one unit of two, restocked; more than is left is refused.
    const second = await placeOrder(gw.api, product, { quantity: 2 });
    const read = await b.admin<{ order: { lines: { id: string }[] } }>(`query($o: ID!) { order(id: $o) { ${ORDER} } }`, {
      o: second.orderId,
    });
    const itemId = read.data?.order.lines[0]?.id;
    const REFUND = `mutation($i: RefundOrderInput!) { refundOrder(input: $i) { ${ORDER} } }`;
    const one = await b.admin<{ refundOrder: { lines: { refundedQuantity: number }[]; payment: { refundedPaise: number } } }>(REFUND, {
      i: { orderId: second.orderId, version: 0, lines: [{ itemId, quantity: 1 }], reason: 'Dented box', restock: true },
    });
    expect(one.errors).toBeUndefined();
    expect(one.data?.refundOrder.lines[0]?.refundedQuantity).toBe(1);
    expect(one.data?.refundOrder.payment.refundedPaise).toBe(product.price * 100);
    const stale = await b.admin(REFUND, { i: { orderId: second.orderId, version: 0, lines: [{ itemId, quantity: 1 }], reason: 'Twice' } });
    expect(stale.errors?.[0]?.extensions.code).toBe('VERSION_CONFLICT');
    const tooMany = await b.admin(REFUND, {
      i: { orderId: second.orderId, version: 1, lines: [{ itemId, quantity: 2 }], reason: 'Again' },
    });
    expect(tooMany.errors?.[0]).toMatchObject({
      extensions: { code: 'CONFLICT' },
      message: 'Only 1 of the 2 units of this line are left to refund',
    });

    // A return, from the shopper's request to its refund.
    const third = await placeOrder(gw.api, product);
    let version = 0;
    for (const to of ['PROCESSED', 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED']) {
      const moved = await b.admin<{ moveOrder: { version: number } }>(
        'mutation($i: MoveOrderInput!) { moveOrder(input: $i) { version } }',
        {
          i: { orderId: third.orderId, to, version, shipment: { carrier: 'India Post', trackingNumber: 'EE123456789IN' } },
        },
      );
      version = moved.data?.moveOrder.version ?? -1;
    }
    const lineId = (await gw.api.services.ordersDesk.get(third.orderId)).lines[0]?.id as string;
    const asked = await gw.api.services.returns.request(
      third.customer.id,
      third.orderId,
      { lines: [{ itemId: lineId, quantity: 1 }], reason: 'Not as described' },
      { kind: 'shopper', id: third.customer.id },
    );
    const list = await b.admin<{ returns: { items: { id: string; status: string; units: number; email: string }[]; total: number } }>(
      '{ returns(status: REQUESTED) { items { id orderId status reason units email version createdAt } total page pageSize } }',
    );
    expect(list.data?.returns.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: asked.id, status: 'REQUESTED', units: 1 })]),
    );
    const RETURN =
      'id orderId status version reason comment decisionNote restocked nextStatuses customer { email } lines { itemId title color quantity price } refund { id amountPaise state } createdAt';
    const MOVE = `mutation($i: MoveReturnInput!) { moveReturn(input: $i) { ${RETURN} } }`;
    const refundNow = await b.admin(MOVE, { i: { returnId: asked.id, to: 'REFUNDED', version: 0 } });
    expect(refundNow.errors?.[0]?.extensions.code).toBe('TRANSITION_NOT_ALLOWED');
    const approved = await b.admin<{ moveReturn: { status: string; nextStatuses: string[] } }>(MOVE, {
      i: { returnId: asked.id, to: 'APPROVED', version: 0, note: 'Send it with the charger' },
    });
    expect(approved.data?.moveReturn).toMatchObject({ status: 'APPROVED', nextStatuses: ['RECEIVED'] });
    await b.admin(MOVE, { i: { returnId: asked.id, to: 'RECEIVED', version: 1 } });
    const refunded = await b.admin<{ refundReturn: { status: string; restocked: boolean; refund: { state: string } } }>(
      `mutation($r: ID!) { refundReturn(returnId: $r, version: 2, restock: false) { ${RETURN} } }`,
      { r: asked.id },
    );
    expect(refunded.data?.refundReturn).toMatchObject({ status: 'REFUNDED', restocked: false, refund: { state: 'PROCESSED' } });
    const whole = await b.admin<{ return: { lines: { title: string }[] } }>(`query($r: ID!) { return(id: $r) { ${RETURN} } }`, {
      r: asked.id,
    });
    expect(whole.data?.return.lines[0]?.title).toBe(product.title);
    expect(
      (await b.admin<{ return: null }>('query { return(id: "00000000-0000-4000-8000-000000000000") { id } }')).data?.return,
    ).toBeNull();

    const dash = await b.admin<{ dashboard: { toProcess: number; today: { orders: number } } }>(
      '{ dashboard { toProcess toShip today { orders revenue since } openReturns { requested approved received } refunds { inProgress failedLast30Days } } }',
    );
    expect(dash.errors).toBeUndefined();
    expect(dash.data?.dashboard.today.orders).toBeGreaterThanOrEqual(2);
    expect(dash.data?.dashboard.toProcess).toBeGreaterThanOrEqual(1);

    const found = await b.admin<{ customers: { id: string; orders: number }[] }>(
      'query($s: String!) { customers(search: $s) { id email name mobile orders since } }',
      { s: third.customer.email },
    );
    expect(found.data?.customers).toEqual([expect.objectContaining({ id: third.customer.id, orders: 1 })]);
    const short = await b.admin('query { customers(search: "ab") { id } }');
    expect(short.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    const customer = await b.admin<{ customer: { orders: { id: string; status: string }[] } }>(
      'query($c: ID!) { customer(id: $c) { id email name mobile since orders { id status total createdAt } } }',
      { c: third.customer.id },
    );
    expect(customer.data?.customer.orders).toEqual([expect.objectContaining({ id: third.orderId, status: 'DELIVERED' })]);

    const csv = await b.admin<{ auditCsv: string }>('{ auditCsv(filter: { action: "return." }) }');
    expect(csv.data?.auditCsv.split('\n')[0]).toMatch(/^id,at,actor_kind/);
    expect(csv.data?.auditCsv).toContain('"return.status"');
    const exported = await b.admin<{ auditLog: { action: string }[] }>(
      '{ auditLog(filter: { action: "audit.exported" }, pageSize: 1) { action } }',
    );
    expect(exported.data?.auditLog).toEqual([{ action: 'audit.exported' }]);
    const viewed = await b.admin<{ auditLog: { subjectId: string }[] }>(
      '{ auditLog(filter: { action: "customer.viewed" }, pageSize: 1) { subjectId } }',
    );
    expect(viewed.data?.auditLog).toEqual([{ subjectId: third.customer.id }]);
    // Who looked this shopper up: the look-up above, found by another spelling of the e-mail (the trail keeps its key).
    const lookedUp = await b.admin<{ auditLog: { action: string; after: Record<string, unknown> }[] }>(
      'query($f: AuditFilter) { auditLog(filter: $f, pageSize: 5) { action after } }',
      { f: { searchedFor: ` ${third.customer.email.toUpperCase()} ` } },
    );
    expect(lookedUp.data?.auditLog).toEqual([
      { action: 'customer.searched', after: expect.objectContaining({ by: 'email', found: 1, ids: [third.customer.id] }) },
    ]);
    expect(JSON.stringify(lookedUp.data).toLowerCase()).not.toContain(third.customer.email.toLowerCase());

    // Fulfilment handles returns but may not refund or cancel, nor read customers.
    const f = await enrolledOwner('fulfilment');
    await f.browser.admin(SIGN_IN, { i: { email: f.email, password: PASSWORD, code: codeFor(f.secret, 30_000) } });
    const noCancel = await f.browser.admin(`mutation($o: ID!) { cancelOrder(orderId: $o, version: 0, reason: "x") { id } }`, {
      o: second.orderId,
    });
    expect(noCancel.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect((await f.browser.admin('query { customers(search: "asha") { id } }')).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect((await f.browser.admin('{ returns { total } }')).errors).toBeUndefined();
  });

  it('quotes a refund exactly as refundOrder then makes it, writing nothing, and only for orders:refund', async () => {
    const [product] = (await someProducts(gw.api, 'limit=1&sort=price')) as [ListedProduct];
    const { orderId } = await placeOrder(gw.api, product, { quantity: 2 });
    const { email, secret, browser: b } = await enrolledOwner('owner');
    await b.admin(SIGN_IN, { i: { email, password: PASSWORD, code: codeFor(secret, 30_000) } });
    const read = await b.admin<{ order: { version: number; lines: { id: string }[]; payment: { leftToRefundPaise: number } } }>(
      'query($o: ID!) { order(id: $o) { version lines { id } payment { leftToRefundPaise } } }',
      { o: orderId },
    );
    const itemId = read.data?.order.lines[0]?.id;
    const paid = read.data?.order.payment.leftToRefundPaise;
    const QUOTE =
      'query($i: RefundOrderInput!) { refundQuote(input: $i) { amountPaise leftToRefundPaise restock lines { itemId title quantity amountPaise } } }';
    type Quote = { refundQuote: { amountPaise: number; leftToRefundPaise: number } };

    // One unit of two, restocked, with the reason not yet typed.
    const oneUnit = { orderId, version: 0, lines: [{ itemId, quantity: 1 }], restock: true };
    const quoted = await b.admin<Quote>(QUOTE, { i: { ...oneUnit, reason: '' } });
    expect(quoted.errors).toBeUndefined();
    expect(quoted.data?.refundQuote).toEqual({
      amountPaise: product.price * 100,
      leftToRefundPaise: paid,
      restock: true,
      lines: [{ itemId, title: product.title, quantity: 1, amountPaise: product.price * 100 }],
    });
    // Nothing written: the order's version and its refunds are as they were.
    const after = await b.admin<{ order: { version: number; payment: { refunds: unknown[] } } }>(
      'query($o: ID!) { order(id: $o) { version payment { refunds { id } } } }',
      { o: orderId },
    );
    expect(after.data?.order).toEqual({ version: 0, payment: { refunds: [] } });
    const made = await b.admin<{ refundOrder: { payment: { refundedPaise: number } } }>(
      'mutation($i: RefundOrderInput!) { refundOrder(input: $i) { payment { refundedPaise } } }',
      { i: { ...oneUnit, reason: 'Dented box' } },
    );
    expect(made.data?.refundOrder.payment.refundedPaise).toBe(quoted.data?.refundQuote.amountPaise);

    // The rest; a stale version and too many units are refused as the refund refuses them.
    const rest = await b.admin<Quote>(QUOTE, { i: { orderId, version: 1, reason: '' } });
    expect(rest.data?.refundQuote).toMatchObject({ amountPaise: (paid ?? 0) - product.price * 100, restock: false, lines: [] });
    expect((await b.admin(QUOTE, { i: { orderId, version: 0, reason: '' } })).errors?.[0]?.extensions.code).toBe('VERSION_CONFLICT');
    expect(
      (await b.admin(QUOTE, { i: { ...oneUnit, version: 1, lines: [{ itemId, quantity: 2 }], reason: '' } })).errors?.[0],
    ).toMatchObject({
      extensions: { code: 'CONFLICT' },
      message: 'Only 1 of the 2 units of this line are left to refund',
    });

    // Fulfilment may not refund, so may not quote one; nor may the signed out.
    const f = await enrolledOwner('fulfilment');
    await f.browser.admin(SIGN_IN, { i: { email: f.email, password: PASSWORD, code: codeFor(f.secret, 30_000) } });
    expect((await f.browser.admin(QUOTE, { i: { orderId, version: 1, reason: '' } })).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect((await browser().admin(QUOTE, { i: { orderId, version: 1, reason: '' } })).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('adds a passkey to the signed-in account and signs in with it instead of a code', async () => {
    const { email, secret, browser: b } = await enrolledOwner('support');
    await b.admin(SIGN_IN, { i: { email, password: PASSWORD, code: codeFor(secret, 30_000) } });
    const key = new SoftAuthenticator();
    const options = await b.admin<{
      passkeyRegistrationOptions: { challengeId: string; options: { challenge: string; rp: { id: string } } };
    }>('mutation { passkeyRegistrationOptions { challengeId options } }');
    expect(options.data?.passkeyRegistrationOptions.options.rp.id).toBe('shop.test');
    const { challengeId, options: o } = options.data?.passkeyRegistrationOptions ?? { challengeId: '', options: { challenge: '' } };
    const added = await b.admin<{ addPasskey: { id: string; name: string }[] }>(
      'mutation($i: AddPasskeyInput!) { addPasskey(input: $i) { id name createdAt lastUsedAt } }',
      { i: { challengeId, response: key.register(o.challenge), name: 'Desk phone', currentPassword: PASSWORD } },
    );
    expect(added.data?.addPasskey).toEqual([expect.objectContaining({ name: 'Desk phone' })]);
    expect((await b.admin<{ myPasskeys: { name: string }[] }>('{ myPasskeys { name } }')).data?.myPasskeys).toEqual([
      { name: 'Desk phone' },
    ]);

    const other = browser();
    const challenge = await other.admin<{ passkeySignInOptions: { challengeId: string; options: { challenge: string } } }>(
      'mutation { passkeySignInOptions { challengeId options } }',
    );
    const c = challenge.data?.passkeySignInOptions ?? { challengeId: '', options: { challenge: '' } };
    const signedIn = await other.admin<{ signIn: { email: string } }>(SIGN_IN, {
      i: { email, password: PASSWORD, passkey: { challengeId: c.challengeId, response: key.sign(c.options.challenge) } },
    });
    expect(signedIn.errors).toBeUndefined();
    expect(signedIn.data?.signIn.email).toBe(email);
    expect((await other.admin<{ me: { email: string } }>('{ me { email } }')).data?.me.email).toBe(email);
    const removed = await other.admin<{ removePasskey: unknown[] }>('mutation($id: ID!) { removePasskey(id: $id) { id } }', {
      id: added.data?.addPasskey[0]?.id,
    });
    expect(removed.data?.removePasskey).toEqual([]);
  });

  it('names the shop for its packing slips (sender, return address, phone) to any signed-in member, to no one signed out', async () => {
    const SHOP = '{ shop { name address phone email } }';
    expect((await browser().admin(SHOP)).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    const { email, secret, browser: b } = await enrolledOwner('fulfilment');
    await b.admin(SIGN_IN, { i: { email, password: PASSWORD, code: codeFor(secret, 30_000) } });
    const shop = await b.admin<{ shop: Record<string, string> }>(SHOP);
    const storefront = await gw.gql<{ shopInfo: Record<string, string> }>('{ shopInfo { name address phone email } }');
    expect(shop.errors).toBeUndefined();
    expect(shop.data?.shop).toEqual(storefront.data?.shopInfo);
    expect(shop.data?.shop.address).not.toBe('');
  });

  it('is not part of the storefront’s schema, and takes no customer token', async () => {
    const storefront = await gw.gql<{ __type: null }>('{ __type(name: "StaffMember") { name } }');
    expect(storefront.data?.__type).toBeNull();
    expect((await gw.gql('{ staff { id } }')).errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const { token } = await signUp(gw);
    const asCustomer = await browser().admin('{ orders { total } }', {}, { headers: { Authorization: `Bearer ${token}` } });
    expect(asCustomer.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('the back office app at /admin/', () => {
  it('answers every path under /admin/ with its page, under its own policy, never cached or indexed', async () => {
    for (const p of ['/admin/', '/admin/orders', '/admin/enrol', '/admin/orders/1234']) {
      const res = await fetch(`${gw.url}${p}`, { headers: { accept: 'text/html' } });
      expect(res.status, p).toBe(200);
      expect(await res.text()).toContain('<title>Back office</title>');
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
      expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
    }
    const asset = await fetch(`${gw.url}/admin/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    expect((await fetch(`${gw.url}/admin`, { redirect: 'manual' })).headers.get('location')).toBe('/admin/');
    expect(await (await fetch(`${gw.url}/robots.txt`)).text()).toMatch(/Disallow: \/admin\//);
  });

  it('is not a storefront page, and the storefront’s pages carry none of it', async () => {
    const home = await (await fetch(`${gw.url}/`, { headers: { accept: 'text/html' } })).text();
    expect(home).not.toMatch(/\/admin\//);
  });
});
