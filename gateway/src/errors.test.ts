import type { ApiErrorCode } from '@digitic/rest-contract';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { fromUpstream } from './errors.js';

/** A failed REST call as axios reports it: the api's status and body. */
function answered(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response = { status, statusText: '', headers: {}, config, data } as AxiosResponse;
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, response);
}

describe('the REST-to-GraphQL error translation', () => {
  it('maps by the api’s stable code, not its status', () => {
    // Both answer 409; only the code tells "someone else changed it" from any other conflict.
    const stale = fromUpstream(
      answered(409, { message: 'This order was changed by someone else', code: 'VERSION_CONFLICT', field: 'version' }),
    );
    expect(stale.extensions).toMatchObject({ code: 'VERSION_CONFLICT', field: 'version' });
    const refused = fromUpstream(
      answered(409, { message: 'An order that is Shipped cannot become Cancelled', code: 'TRANSITION_NOT_ALLOWED' }),
    );
    expect(refused.extensions.code).toBe('TRANSITION_NOT_ALLOWED');
    expect(refused.message).toBe('An order that is Shipped cannot become Cancelled');
    expect(fromUpstream(answered(409, { message: 'Sorry, only 1 left', code: 'CONFLICT' })).extensions.code).toBe('CONFLICT');
  });

  it('gives every code of the contract a GraphQL code, with the HTTP status where the client needs one', () => {
    const cases: [ApiErrorCode, number, string][] = [
      ['BAD_REQUEST', 400, 'BAD_USER_INPUT'],
      ['UNAUTHENTICATED', 401, 'UNAUTHENTICATED'],
      ['PAYMENT_FAILED', 402, 'PAYMENT_FAILED'],
      ['FORBIDDEN', 403, 'FORBIDDEN'],
      ['NOT_FOUND', 404, 'NOT_FOUND'],
      ['PAYLOAD_TOO_LARGE', 413, 'BAD_USER_INPUT'],
      ['TOO_MANY_REQUESTS', 429, 'RATE_LIMITED'],
      ['SERVICE_UNAVAILABLE', 503, 'UPSTREAM_UNAVAILABLE'],
    ];
    for (const [code, status, expected] of cases) {
      const err = fromUpstream(answered(status, { message: 'm', code }));
      expect(err.extensions.code, code).toBe(expected);
    }
    expect(fromUpstream(answered(401, { message: 'm', code: 'UNAUTHENTICATED' })).extensions.http).toEqual({ status: 401 });
    expect(fromUpstream(answered(429, { message: 'm', code: 'TOO_MANY_REQUESTS' })).extensions.http).toEqual({ status: 429 });
  });

  it('never passes on the words of a fault, and reads a balancer’s answer (no body of the api’s) by its status', () => {
    const fault = fromUpstream(answered(500, { message: 'select * from secrets failed', code: 'INTERNAL' }));
    expect(fault.extensions.code).toBe('INTERNAL_SERVER_ERROR');
    expect(fault.message).toBe('The shop service failed to answer');
    expect(fromUpstream(answered(502, '<html>Bad Gateway</html>')).extensions.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(fromUpstream(answered(418, { message: 'a code the contract does not know', code: 'TEAPOT' })).extensions.code).toBe(
      'INTERNAL_SERVER_ERROR',
    );
  });
});
