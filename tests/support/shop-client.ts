import { randomBytes } from 'node:crypto';
import { SIMULATOR_KEY_ID } from '@digitic/payment-simulator/keys';

export interface GqlResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> & { code?: string } }[];
  /** The raw body, for tests that look for what must never be in it. */
  text: string;
}

export interface GqlOptions {
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** POSTs one GraphQL operation to a gateway, as a browser or another client would. */
export async function gql<T = Record<string, unknown>>(
  shop: string,
  query: string,
  variables: Record<string, unknown> = {},
  options: GqlOptions = {},
): Promise<GqlResult<T>> {
  const res = await fetch(`${shop}/graphql`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: JSON.stringify({ query, variables }),
    signal: options.signal ?? AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let body: { data?: T; errors?: GqlResult['errors'] } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // not JSON: the test looks at status and text
  }
  return { status: res.status, headers: res.headers, data: body.data, errors: body.errors, text };
}

export interface RestResult {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

/** One call to the REST api, directly. */
export async function rest(api: string, method: string, path: string, body?: unknown, token?: string | null): Promise<RestResult> {
  const res = await fetch(`${api}/api/${path.replace(/^\//, '')}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // kept as text
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

export const PASSWORD = 'correct horse battery';

export interface Shopper {
  email: string;
  id: string;
  token: string;
}

export const uniqueEmail = (tag = 'shopper') => `${tag}.${Date.now().toString(36)}.${randomBytes(4).toString('hex')}@example.com`;

/** Registers and signs in a new customer through the gateway. */
export async function newShopper(shop: string, tag = 'shopper', headers: Record<string, string> = {}): Promise<Shopper> {
  const email = uniqueEmail(tag);
  const reg = await gql(
    shop,
    'mutation($i: RegisterInput!) { register(input: $i) { id } }',
    { i: { firstname: 'Asha', lastname: 'Patel', email, password: PASSWORD, mobile: '9876543210' } },
    { headers },
  );
  if (reg.errors) throw new Error(`register: ${JSON.stringify(reg.errors)}`);
  const login = await gql<{ login: { token: string; customer: { id: string } } }>(
    shop,
    'mutation($i: LoginInput!) { login(input: $i) { token customer { id } } }',
    { i: { email, password: PASSWORD } },
    { headers },
  );
  if (!login.data) throw new Error(`login: ${JSON.stringify(login.errors)}`);
  return { email, id: login.data.login.customer.id, token: login.data.login.token };
}

export interface ListedProduct {
  id: string;
  title: string;
  price: number;
  colors: { id: string; title: string }[];
}

export async function products(shop: string, pageSize = 10): Promise<ListedProduct[]> {
  const res = await gql<{ products: { items: ListedProduct[] } }>(
    shop,
    'query($n: Int) { products(pageSize: $n, sort: PRICE_ASC) { items { id title price colors { id title } } } }',
    { n: pageSize },
  );
  if (!res.data) throw new Error(`products: ${JSON.stringify(res.errors)}`);
  return res.data.products.items;
}

export async function addToCart(shop: string, token: string, product: ListedProduct, quantity = 1) {
  return gql<{ addToCart: { subtotal: number; lines: { id: string; quantity: number }[] } }>(
    shop,
    'mutation AddToCart($i: AddToCartInput!) { addToCart(input: $i) { subtotal lines { id quantity } } }',
    { i: { productId: product.id, colorId: product.colors[0]?.id, quantity } },
    { token },
  );
}

export const ADDRESS = {
  firstname: 'Asha',
  lastname: 'Patel',
  address: '12 MG Road',
  city: 'Surat',
  state: 'Gujarat',
  country: 'India',
  pincode: 395003,
};

export interface CheckoutSession {
  providerOrderId: string;
  amount: number;
  total: number;
}

export async function startCheckout(shop: string, token: string) {
  return gql<{ startCheckout: CheckoutSession }>(
    shop,
    'mutation StartCheckout($a: AddressInput!) { startCheckout(address: $a) { providerOrderId amount total } }',
    { a: ADDRESS },
    { token },
  );
}

export interface Payment {
  providerOrderId: string;
  providerPaymentId: string;
  signature: string;
}

/** Pays a provider order in the simulator, as the shopper does in its widget. */
export async function pay(simulatorUrl: string, providerOrderId: string, outcome: 'success' | 'failure' = 'success'): Promise<Payment> {
  const res = await fetch(`${simulatorUrl}/sim/orders/${providerOrderId}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ key_id: SIMULATOR_KEY_ID, outcome }),
  });
  const body = (await res.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
  return { providerOrderId: body.razorpay_order_id, providerPaymentId: body.razorpay_payment_id, signature: body.razorpay_signature };
}

export async function placeOrder(shop: string, token: string, payment: Payment, options: GqlOptions = {}) {
  return gql<{ placeOrder: { id: string; total: number } }>(
    shop,
    'mutation PlaceOrder($i: PlaceOrderInput!) { placeOrder(input: $i) { id total } }',
    { i: { address: ADDRESS, payment } },
    { ...options, token },
  );
}

export async function myOrders(shop: string, token: string) {
  const res = await gql<{ myOrders: { id: string; total: number }[] }>(shop, '{ myOrders { id total } }', {}, { token });
  if (!res.data) throw new Error(`myOrders: ${JSON.stringify(res.errors)}`);
  return res.data.myOrders;
}
