import { ShippingAddress } from '@digitic/shop-rules/address';
import { badInput } from '../../errors.js';

/**
 * A shipping address from the schema's AddressInput, checked with the api's own rules (shop-rules) for an
 * early answer in the same words, or BAD_USER_INPUT naming the first field at fault.
 */
export function parseAddress(input: unknown) {
  const result = ShippingAddress.safeParse(input);
  if (result.success) return { ...result.data, other: result.data.other ?? undefined };
  const issue = result.error.issues[0];
  throw badInput(issue?.message ?? 'Invalid address', `address.${issue?.path.join('.') ?? ''}`);
}
