// The signed-in customer, kept in local storage as the spec names it: 'customer' and 'token'.
export interface StoredCustomer {
  _id: string;
  token: string;
  firstname: string;
  lastname: string;
  email: string;
  mobile: string | null;
}

/** The stored customer's raw text (cheap to compare: it changes exactly when the customer does). */
export const storedCustomerText = (): string | null => localStorage.getItem('customer');

export function storedCustomer(): StoredCustomer | null {
  try {
    const raw = storedCustomerText();
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredCustomer>;
    return parsed && typeof parsed.token === 'string' && parsed.token ? (parsed as StoredCustomer) : null;
  } catch {
    return null;
  }
}

export function storedToken(): string | null {
  return storedCustomer()?.token ?? localStorage.getItem('token') ?? null;
}

export function storeCustomer(customer: StoredCustomer): void {
  const { _id, token, firstname, lastname, email, mobile } = customer;
  localStorage.setItem('customer', JSON.stringify({ _id, token, firstname, lastname, email, mobile }));
  localStorage.setItem('token', token);
}

/** Clears all the shop keeps in local storage (the customer, token, address, pending payment). */
export function forgetEverything(): void {
  localStorage.clear();
}

/** LogOut: clears all local storage and reloads the page (spec §2). */
export function signOutAndReload(): void {
  forgetEverything();
  window.location.reload();
}

/**
 * A payment the shopper completed whose order the browser has not seen made yet (placeOrder failed
 * on the way, or the page closed): the shop makes the order from the provider's webhook, and the
 * checkout and My Orders pages say it is being confirmed until it shows. Forgotten after a day.
 */
export interface PendingPayment {
  providerOrderId: string;
  paidAt: number;
}

const PENDING = 'pendingPayment';

export function pendingPayment(): PendingPayment | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(PENDING) ?? 'null') as Partial<PendingPayment> | null;
    if (!parsed || typeof parsed.providerOrderId !== 'string' || typeof parsed.paidAt !== 'number') return null;
    return Date.now() - parsed.paidAt < 86_400_000 ? (parsed as PendingPayment) : null;
  } catch {
    return null;
  }
}

export function rememberPendingPayment(providerOrderId: string): void {
  localStorage.setItem(PENDING, JSON.stringify({ providerOrderId, paidAt: Date.now() }));
}

export function forgetPendingPayment(): void {
  localStorage.removeItem(PENDING);
}

/** The shipping address the checkout form keeps between visits (spec §5). */
export function savedAddress<T extends object>(): Partial<T> {
  try {
    return JSON.parse(localStorage.getItem('address') ?? '{}') as Partial<T>;
  } catch {
    return {};
  }
}

export const saveAddress = (values: object) => localStorage.setItem('address', JSON.stringify(values));
export const forgetAddress = () => localStorage.removeItem('address');
