import { ApolloError } from '@apollo/client';
import type { GraphQLFormattedError } from 'graphql';
import { MESSAGES } from '../config/messages';

/**
 * Words that belong to the client library, the transport or GraphQL itself, never to a shopper: "Response
 * not successful: Received status code 400", 'Variable "$input" got invalid value …', "Failed to fetch".
 */
export const DEVELOPER_WORDS =
  /Response not successful|status code|GraphQL|Variable "\$|Failed to fetch|NetworkError|Load failed|JSON|Unexpected token|Cannot query field|Syntax Error|\bInt\b|\bString!|Cannot return null/i;

/** The gateway's codes whose message is written for the developer of a client, not for the shopper. */
const DEVELOPER_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'BAD_REQUEST',
  'INTERNAL_SERVER_ERROR',
]);

const shopWords = (e: Pick<GraphQLFormattedError, 'message' | 'extensions'>) => {
  const code = e.extensions?.code;
  return !(typeof code === 'string' && DEVELOPER_CODES.has(code)) && !DEVELOPER_WORDS.test(e.message) && e.message.trim() !== '';
};

/** The GraphQL errors a non-2xx answer carried in its body (Apollo keeps the parsed body on the ServerError). */
function bodyErrors(networkError: unknown): GraphQLFormattedError[] {
  const result = (networkError as { result?: unknown } | null)?.result;
  const errors = typeof result === 'object' && result !== null ? (result as { errors?: unknown }).errors : undefined;
  return Array.isArray(errors) ? (errors as GraphQLFormattedError[]) : [];
}

/**
 * What a failed request says to the shopper: always a sentence. The shop's own words where the gateway
 * wrote some (a refusal: "We ship to Gujarat only", "Sign in to continue"); for what only a developer can
 * read (a malformed request, a transport status, a crash) the screen's own message, `fallback`, which is
 * the spec's where it names one; for a network that did not answer, a sentence that says so.
 */
export function shopperMessage(err: unknown, fallback: string = MESSAGES.somethingWrongBang): string {
  if (err instanceof ApolloError) {
    const first = err.graphQLErrors[0] ?? bodyErrors(err.networkError)[0];
    if (first) return shopWords(first) ? first.message : fallback;
    if (err.networkError) {
      const status = (err.networkError as { statusCode?: number }).statusCode;
      if (status === undefined) return MESSAGES.offline;
      if (status >= 500) return MESSAGES.shopUnavailable;
      return fallback;
    }
    return fallback;
  }
  if (err instanceof Error && err.message && !DEVELOPER_WORDS.test(err.message)) return err.message;
  return fallback;
}
