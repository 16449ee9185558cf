// The error body every failed answer of the api has (docs/rest-contract.md lists the codes and their HTTP statuses).

/**
 * Every error the api answers has this body. `code` is stable (clients and the gateway act on it, never
 * on the message); the HTTP status follows from it (docs/rest-contract.md lists them).
 */
export type ApiErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHENTICATED'
  | 'PAYMENT_FAILED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'VERSION_CONFLICT'
  | 'TRANSITION_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'BAD_SIGNATURE'
  | 'STALE_EVENT'
  | 'INTERNAL'
  | 'SERVICE_UNAVAILABLE';

export interface ApiErrorBody {
  message: string;
  code: ApiErrorCode;
  /** The request field the error is about, when there is one. */
  field?: string;
  requestId?: string;
}
