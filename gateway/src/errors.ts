import { isAxiosError } from 'axios';
import { GraphQLError } from 'graphql';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  402: 'PAYMENT_FAILED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'BAD_USER_INPUT',
  429: 'RATE_LIMITED',
  // A load balancer or proxy before the api answers these when no api is there.
  502: 'UPSTREAM_UNAVAILABLE',
  503: 'UPSTREAM_UNAVAILABLE',
  504: 'UPSTREAM_UNAVAILABLE',
};

/** The single translation from a failed REST call to a GraphQL error the client can act on. */
export function fromUpstream(err: unknown): GraphQLError {
  if (err instanceof GraphQLError) return err;
  if (!isAxiosError(err) || !err.response) {
    return new GraphQLError('The shop service is unreachable. Please try again shortly.', {
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
  }
  const { status } = err.response;
  const data = err.response.data as { message?: unknown; field?: unknown } | undefined;
  const code = CODE_BY_STATUS[status] ?? 'INTERNAL_SERVER_ERROR';
  const message =
    code === 'INTERNAL_SERVER_ERROR' || typeof data?.message !== 'string' ? 'The shop service failed to answer' : data.message;
  return new GraphQLError(message, {
    extensions: {
      code,
      ...(typeof data?.field === 'string' ? { field: data.field } : {}),
      // A refused token or sign-in answers 401, the api's own limits (per account) 429, as at the api.
      ...(status === 401 || status === 429 ? { http: { status } } : {}),
    },
  });
}

export function badInput(message: string, field?: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', ...(field ? { field } : {}) } });
}

export function unauthenticated(): GraphQLError {
  return new GraphQLError('Sign in to continue', { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
}
