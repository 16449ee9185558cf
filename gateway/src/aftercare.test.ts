import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder, type ListedProduct, someProducts } from '@digitic/api/testing';
import { signUp, startTestGateway, type TestGateway } from './test/harness.js';

// The shopper's side of after the sale, through the real gateway and the real api: the step tracker,
// tracking, cancelling, asking for a return, refunds and returns on the order.

let gw: TestGateway;
let product: ListedProduct;
beforeAll(async () => {
  gw = await startTestGateway();
  [product] = (await someProducts(gw.api, 'limit=1&sort=price')) as [ListedProduct];
});
afterAll(() => gw.close());

const STAFF = { kind: 'staff' as const, id: 'gw-test', label: 'desk@example.com' };
const ORDER = `id number status canCancel returnUntil shippedAt deliveredAt cancelledAt
  steps { status reached current } shipment { carrier trackingNumber trackingUrl }
  items { id title quantity } refunds { id amount state reason createdAt }
  returns { id status reason comment note lines { itemId quantity } complaintTicket createdAt }`;

interface OrderShape {
  id: string;
  number: string;
  status: string;
  canCancel: boolean;
  returnUntil: string | null;
  steps: { status: string; reached: boolean; current: boolean }[];
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string | null } | null;
  items: { id: string; quantity: number }[];
  refunds: { amount: number; state: string }[];
  returns: {
    id: string;
    status: string;
    reason: string;
    comment: string | null;
    note: string | null;
    lines: { itemId: string; quantity: number }[];
  }[];
}

async function move(orderId: string, ...to: ('Processed' | 'Shipped' | 'Out For Delivery' | 'Delivered')[]) {
  const order = await gw.api.services.ordersDesk.get(orderId);
  let version = order.version;
  for (const status of to) {
    const moved = await gw.api.services.ordersDesk.move(
      orderId,
      { to: status, version, shipment: { carrier: 'Blue Dart', trackingNumber: 'BD42', trackingUrl: 'https://track.example/BD42' } },
      STAFF,
    );
    version = moved.version;
  }
}

describe('after the sale, for the shopper', () => {
  it('shows where the order is, lets the shopper cancel before it ships, and shows the refund', async () => {
    const { orderId, customer } = await placeOrder(gw.api, product);
    const read = await gw.gql<{ order: OrderShape }>(`query($id: ID!) { order(id: $id) { ${ORDER} } }`, { id: orderId }, customer.token);
    expect(read.errors).toBeUndefined();
    const order = read.data?.order as OrderShape;
    expect(order).toMatchObject({
      number: orderId.slice(0, 8).toUpperCase(),
      status: 'ORDERED',
      canCancel: true,
      shipment: null,
      returnUntil: null,
    });
    expect(order.steps).toEqual([
      { status: 'ORDERED', reached: true, current: true },
      { status: 'PROCESSED', reached: false, current: false },
      { status: 'SHIPPED', reached: false, current: false },
      { status: 'OUT_FOR_DELIVERY', reached: false, current: false },
      { status: 'DELIVERED', reached: false, current: false },
    ]);

    const stranger = await signUp(gw);
    const other = await gw.gql<{ order: null }>(`query($id: ID!) { order(id: $id) { id } }`, { id: orderId }, stranger.token);
    expect(other.data).toEqual({ order: null });

    const cancelled = await gw.gql<{ cancelOrder: OrderShape }>(
      `mutation($id: ID!) { cancelOrder(id: $id, reason: "Changed my mind") { ${ORDER} } }`,
      { id: orderId },
      customer.token,
    );
    expect(cancelled.errors).toBeUndefined();
    expect(cancelled.data?.cancelOrder).toMatchObject({ status: 'CANCELLED', canCancel: false, steps: [] });
    expect(cancelled.data?.cancelOrder.refunds).toEqual([
      expect.objectContaining({ amount: product.price + 100, state: 'PROCESSED', reason: 'Order cancelled by the shopper' }),
    ]);

    const again = await gw.gql(`mutation($id: ID!) { cancelOrder(id: $id) { id } }`, { id: orderId }, customer.token);
    expect(again.errors?.[0]).toMatchObject({ message: 'This order is already cancelled', extensions: { code: 'TRANSITION_NOT_ALLOWED' } });
    const guest = await gw.gql(`mutation($id: ID!) { cancelOrder(id: $id) { id } }`, { id: orderId });
    expect(guest.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('shows the tracking once shipped, and takes a return request once delivered', async () => {
    const { orderId, customer } = await placeOrder(gw.api, product, { quantity: 2 });
    await move(orderId, 'Processed', 'Shipped');
    const shipped = await gw.gql<{ myOrders: OrderShape[] }>(`{ myOrders { ${ORDER} } }`, {}, customer.token);
    const order = shipped.data?.myOrders[0] as OrderShape;
    expect(order).toMatchObject({
      status: 'SHIPPED',
      canCancel: false,
      shipment: { carrier: 'Blue Dart', trackingNumber: 'BD42', trackingUrl: 'https://track.example/BD42' },
    });
    expect(order.steps.find((s) => s.current)?.status).toBe('SHIPPED');

    const early = await gw.gql(
      `mutation($i: ReturnRequestInput!) { requestReturn(input: $i) { id } }`,
      { i: { orderId, lines: [{ itemId: order.items[0]?.id, quantity: 1 }], reason: 'DAMAGED_OR_DEFECTIVE' } },
      customer.token,
    );
    expect(early.errors?.[0]).toMatchObject({ extensions: { code: 'TRANSITION_NOT_ALLOWED' } });

    await move(orderId, 'Out For Delivery', 'Delivered');
    const asked = await gw.gql<{ requestReturn: OrderShape }>(
      `mutation($i: ReturnRequestInput!) { requestReturn(input: $i) { ${ORDER} } }`,
      {
        i: {
          orderId,
          lines: [{ itemId: order.items[0]?.id, quantity: 1 }],
          reason: 'WRONG_ITEM_OR_COLOUR',
          comment: 'Ordered black, got blue',
          complaint: true,
        },
      },
      customer.token,
    );
    expect(asked.errors).toBeUndefined();
    expect(asked.data?.requestReturn.returnUntil).toEqual(expect.any(String));
    expect(asked.data?.requestReturn.returns).toEqual([
      expect.objectContaining({
        status: 'REQUESTED',
        reason: 'WRONG_ITEM_OR_COLOUR',
        comment: 'Ordered black, got blue',
        note: null,
        lines: [{ itemId: order.items[0]?.id, quantity: 1 }],
        // Asked for as a complaint: its ticket.
        complaintTicket: expect.stringMatching(/^GRV-\d{6}$/),
      }),
    ]);
    const none = await gw.gql(
      `mutation($i: ReturnRequestInput!) { requestReturn(input: $i) { id } }`,
      { i: { orderId, lines: [], reason: 'OTHER' } },
      customer.token,
    );
    expect(none.errors?.[0]).toMatchObject({
      message: 'Choose at least one item to return',
      extensions: { code: 'BAD_USER_INPUT', field: 'lines' },
    });
  });
});
