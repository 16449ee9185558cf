// The signed-in customer, kept in local storage as the spec names it: 'customer' and 'token'.
export interface StoredCustomer {
  _id: string;
  token: string;
  firstname: string;
  lastname: string;
  email: string;
  mobile: string | null;
}

export function storedCustomer(): StoredCustomer | null {
  try {
    const raw = localStorage.getItem('customer');
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

/** LogOut: clears all local storage and reloads the page (spec §2). */
export function signOutAndReload(): void {
  localStorage.clear();
  window.location.reload();
}
