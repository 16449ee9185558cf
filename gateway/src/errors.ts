import type { ApiErrorBody, ApiErrorCode } from '@digitic/rest-contract';
import { isAxiosError } from 'axios';
import { GraphQLError } from 'graphql';
import type { ErrorCode } from './__generated__/resolvers-types.js';

/** The api's stable codes (rest-contract) as the schema's `ErrorCode`s: the one translation, by code. */
const BY_API_CODE: Record<ApiErrorCode, ErrorCode> = {
  BAD_REQUEST: 'BAD_USER_INPUT',
  BAD_SIGNATURE: 'BAD_USER_INPUT',
  STALE_EVENT: 'BAD_USER_INPUT',
  PAYLOAD_TOO_LARGE: 'BAD_USER_INPUT',
  UNSUPPORTED_MEDIA_TYPE: 'BAD_USER_INPUT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  PAYMENT_FAILED: 'PAYMENT_FAILED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  VERSION_CONFLICT: 'VERSION_CONFLICT',
  TRANSITION_NOT_ALLOWED: 'TRANSITION_NOT_ALLOWED',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'UPSTREAM_UNAVAILABLE',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

/** The HTTP status a GraphQL answer carries for these codes, as the api's did. */
const HTTP_STATUS: Partial<Record<ErrorCode, number>> = { UNAUTHENTICATED: 401, RATE_LIMITED: 429 };

const isApiCode = (code: unknown): code is ApiErrorCode => typeof code === 'string' && Object.hasOwn(BY_API_CODE, code);

/** The code of an answer that is not the api's (no body of its own): a proxy or balancer before it, by status. */
const withoutApiCode = (status: number): ErrorCode =>
  status === 502 || status === 503 || status === 504 ? 'UPSTREAM_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR';

/** The single translation from a failed REST call to a GraphQL error the client can act on. */
export function fromUpstream(err: unknown): GraphQLError {
  if (err instanceof GraphQLError) return err;
  if (!isAxiosError(err) || !err.response) {
    return new GraphQLError('The shop service is unreachable. Please try again shortly.', {
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
  }
  const data = err.response.data as Partial<ApiErrorBody> | undefined;
  const code = isApiCode(data?.code) ? BY_API_CODE[data.code] : withoutApiCode(err.response.status);
  const message =
    code === 'INTERNAL_SERVER_ERROR' || typeof data?.message !== 'string' ? 'The shop service failed to answer' : data.message;
  const status = HTTP_STATUS[code];
  return new GraphQLError(message, {
    extensions: {
      code,
      ...(typeof data?.field === 'string' ? { field: data.field } : {}),
      ...(status ? { http: { status } } : {}),
    },
  });
}

export function badInput(message: string, field?: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' satisfies ErrorCode, ...(field ? { field } : {}) } });
}

export function unauthenticated(): GraphQLError {
  return new GraphQLError('Sign in to continue', { extensions: { code: 'UNAUTHENTICATED' satisfies ErrorCode, http: { status: 401 } } });
}
