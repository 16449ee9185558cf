import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, placeOrder, someProducts, staffSession, startTestApi, TEST_ADDRESS, type TestApi } from '../test/harness.js';

// A phone for the courier, given with the delivery address (optional, an Indian mobile number): kept on the
// order as its ten digits, shown to the shopper's order and the desks, and found by the desks' phone searches.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A ten-digit mobile number no other test's order has. */
const uniqueMobile = (lead: string) => `${lead}${String(Date.now() % 1_000_000_000).padStart(9, '0')}`.slice(0, 10);

describe("the courier's phone on an order", () => {
  it('is kept as its ten digits however it was written, and an order without one says so to the desk', async () => {
    const [product] = await someProducts(api);
    if (!product) throw new Error('the seed has no product');
    const given = uniqueMobile('7');
    const customer = await newCustomer(api, { mobile: null });
    const { orderId } = await placeOrder(api, product, { customer, phone: `+91 ${given.slice(0, 5)}-${given.slice(5)}` });
    const { orderId: without } = await placeOrder(api, product, { customer });

    const mine = await api.http.get('/api/user/getmyorders').set(customer.auth);
    const byId = new Map(mine.body.orders.map((o: { _id: string; shippingInfo: object }) => [o._id, o.shippingInfo]));
    expect(byId.get(orderId)).toMatchObject({ pincode: 395003, phone: given });
    expect(byId.get(without)).not.toHaveProperty('phone');

    const desk = await staffSession(api, 'support');
    const whole = await api.http.get(`/api/admin/orders/${orderId}`).set(desk.auth);
    expect(whole.body.address.phone).toBe(given);
    // The order desk finds both orders by the customer, and tells which has no phone for the courier.
    const list = await api.http.get(`/api/admin/orders?q=${encodeURIComponent(customer.email)}`).set(desk.auth);
    const phones = Object.fromEntries(list.body.items.map((o: { id: string; deliveryPhone: string | null }) => [o.id, o.deliveryPhone]));
    expect(phones).toEqual({ [orderId]: given, [without]: null });
    // A search by that phone, as people write it, finds the order it was given with (the customer's profile has no mobile).
    const found = await api.http.get(`/api/admin/orders?q=${encodeURIComponent(`0${given}`)}`).set(desk.auth);
    expect(found.body.items.map((o: { id: string }) => o.id)).toEqual([orderId]);

    // The customers desk: found by it too, and the record lists it with each order's phone.
    const customers = await api.http.get(`/api/admin/customers?q=${given}`).set(desk.auth);
    expect(customers.body.customers).toEqual([expect.objectContaining({ id: customer.id, mobile: null, deliveryPhone: given, orders: 2 })]);
    const record = await api.http.get(`/api/admin/customers/${customer.id}`).set(desk.auth);
    expect(record.body.deliveryPhones).toEqual([given]);
    expect(
      Object.fromEntries(record.body.orders.map((o: { id: string; deliveryPhone: string | null }) => [o.id, o.deliveryPhone])),
    ).toEqual({
      [orderId]: given,
      [without]: null,
    });
  });

  it('is refused, named, when it is not an Indian mobile number, and nothing is charged or kept', async () => {
    const [product] = await someProducts(api);
    if (!product) throw new Error('the seed has no product');
    const customer = await newCustomer(api);
    await api.http.post('/api/user/cart').set(customer.auth).send({ productId: product._id, color: product.color[0]?._id, quantity: 1 });
    for (const phone of ['12345', '5825012345', '+971 4 123 4567', 'call me']) {
      const res = await api.http
        .post('/api/user/order/checkout')
        .set(customer.auth)
        .send({
          shippingInfo: { ...TEST_ADDRESS, phone },
        });
      expect(res.status, phone).toBe(400);
      expect(res.body.message, phone).toContain('Phone must be an Indian mobile number: 10 digits, starting with 6, 7, 8 or 9');
    }
    const started = await api.database.db.selectFrom('checkouts').select('id').where('customer_id', '=', customer.id).execute();
    expect(started).toEqual([]);
  });
});
