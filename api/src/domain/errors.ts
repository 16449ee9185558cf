import type { ApiErrorCode } from '@digitic/rest-contract';

/**
 * An expected failure: a stable code a client may act on, a message naming what is wrong, and the
 * field it is about when there is one. Domain code throws these and knows nothing of HTTP; the api's
 * edge (http/errors.ts) gives each code its status, once.
 */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The codes domain code may throw; the rest of the contract's codes are the edge's own (unreadable body, a fault). */
export type DomainErrorCode = Exclude<ApiErrorCode, 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'INTERNAL'>;

export const badRequest = (message: string, field?: string) => new DomainError('BAD_REQUEST', message, field);
export const unauthorized = (message = 'Not authorized: sign in again') => new DomainError('UNAUTHENTICATED', message);
export const forbidden = (message: string) => new DomainError('FORBIDDEN', message);
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const conflict = (message: string, field?: string) => new DomainError('CONFLICT', message, field);
/** Someone else changed the record since the caller read it (the version the caller sent is not the current one). */
export const versionConflict = (message: string) => new DomainError('VERSION_CONFLICT', message, 'version');
/** A lifecycle move the record's status does not allow (e.g. shipping a cancelled order). */
export const transitionRefused = (message: string) => new DomainError('TRANSITION_NOT_ALLOWED', message, 'status');
export const tooManyRequests = (message: string) => new DomainError('TOO_MANY_REQUESTS', message);
export const paymentFailed = (message: string) => new DomainError('PAYMENT_FAILED', message);
export const unavailable = (message: string) => new DomainError('SERVICE_UNAVAILABLE', message);
