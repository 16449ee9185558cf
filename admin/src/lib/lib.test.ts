import { describe, expect, it } from 'vitest';
import { may } from './authorization';
import { problem } from './format';

describe('the back office’s helpers', () => {
  it('shows only what the signed-in person’s permissions allow (the api still decides)', () => {
    const fulfilment = { permissions: ['orders:read', 'orders:fulfil'] };
    expect(may(fulfilment, 'orders:fulfil')).toBe(true);
    expect(may(fulfilment, 'audit:read')).toBe(false);
    expect(may(null, 'orders:read')).toBe(false);
  });

  it('takes only the permissions shop-rules declares: a typo does not compile', () => {
    // @ts-expect-error 'orders:fulfill' is no permission (shop-rules' Permission spells it orders:fulfil).
    expect(may({ permissions: ['orders:fulfill'] }, 'orders:fulfill')).toBe(true);
  });

  it('reads the refusal’s words from a GraphQL error and from an answer with an HTTP status', () => {
    expect(problem({ graphQLErrors: [{ message: 'Shipping needs the carrier' }] })).toBe('Shipping needs the carrier');
    expect(
      problem({ graphQLErrors: [], networkError: { result: { errors: [{ message: 'The e-mail, password or code is not right' }] } } }),
    ).toBe('The e-mail, password or code is not right');
    expect(problem(null)).toBeNull();
  });
});
