import type { ApolloClient } from '@apollo/client';
import { toast } from 'react-hot-toast/headless';
import { AddToCartDocument } from './__generated__/add-to-cart';
import { shopperMessage } from './shopper-message';

/** A guest's Add to Cart, kept while they sign in or sign up (this tab only, for an hour). */
export interface PendingAdd {
  productId: string;
  colorId: string;
  quantity: number;
  title: string;
}

const KEY = 'pendingAdd';
const KEEP_MS = 60 * 60 * 1000;

export function rememberPendingAdd(choice: PendingAdd): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...choice, at: Date.now() }));
  } catch {
    // Storage refused (a private window's quota): the shopper chooses again after signing in.
  }
}

/** The guest's kept choice, if there is one and it is fresh. */
export function pendingAdd(): PendingAdd | null {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY);
    if (!raw) return null;
    const p = JSON.parse(raw) as Partial<PendingAdd> & { at?: number };
    const whole = typeof p.productId === 'string' && typeof p.colorId === 'string' && typeof p.title === 'string';
    if (!whole || typeof p.quantity !== 'number' || !(Date.now() - (p.at ?? 0) < KEEP_MS)) return null;
    return { productId: p.productId!, colorId: p.colorId!, quantity: p.quantity, title: p.title! };
  } catch {
    return null;
  }
}

export function forgetPendingAdd(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/**
 * Right after signing in: the guest's kept choice goes into their cart, with a toast that says so (or why
 * not, in the shop's words). Once: the choice is forgotten first, so a second sign-in does not add it again.
 */
export async function addPendingChoice(client: ApolloClient<object>): Promise<void> {
  const choice = pendingAdd();
  if (!choice) return;
  forgetPendingAdd();
  try {
    await client.mutate({
      mutation: AddToCartDocument,
      variables: { input: { productId: choice.productId, colorId: choice.colorId, quantity: choice.quantity } },
    });
    toast.success(`${choice.title} is in your cart.`);
  } catch (err) {
    toast.error(`${choice.title} could not be added to your cart: ${shopperMessage(err)}`);
  }
}
