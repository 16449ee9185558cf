import { useSyncExternalStore } from 'react';
import { forgetEverything, type StoredCustomer, storeCustomer, storedCustomer, storedCustomerText } from './storage';

const EVENT = 'digitic:session';
let cached: { raw: string | null; customer: StoredCustomer | null } = { raw: null, customer: null };

function snapshot(): StoredCustomer | null {
  const raw = storedCustomerText();
  if (raw !== cached.raw) cached = { raw, customer: storedCustomer() };
  return cached.customer;
}

function subscribe(onChange: () => void) {
  window.addEventListener(EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The signed-in customer, re-rendering whoever reads it when they sign in, out or change profile. */
export function useSession(): StoredCustomer | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

export function startSession(customer: StoredCustomer): void {
  storeCustomer(customer);
  window.dispatchEvent(new Event(EVENT));
}

/** After login or a profile update: the stored customer is rebuilt from exactly six fields (spec §3). */
export function startSessionFrom(
  token: string,
  c: { id: string; firstname: string; lastname: string; email: string; mobile?: string | null },
): void {
  startSession({ _id: c.id, token, firstname: c.firstname, lastname: c.lastname, email: c.email, mobile: c.mobile ?? null });
}

/** Signs this browser out where it stays (LogOut also reloads): whoever reads the session re-renders as a guest. */
export function endSession(): void {
  forgetEverything();
  window.dispatchEvent(new Event(EVENT));
}
