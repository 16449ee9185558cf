import { ApolloError } from '@apollo/client';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../config/messages';
import { shopperMessage } from './shopper-message';

const serverError = (statusCode: number, result?: unknown) =>
  Object.assign(new Error(`Response not successful: Received status code ${statusCode}`), {
    name: 'ServerError',
    statusCode,
    result,
    response: {},
  });

describe('what a failed request says to the shopper', () => {
  it("gives the shop's own words for a refusal", () => {
    const err = new ApolloError({
      graphQLErrors: [new GraphQLError('We ship to Gujarat only', { extensions: { code: 'BAD_USER_INPUT' } })],
    });
    expect(shopperMessage(err)).toBe('We ship to Gujarat only');
  });

  it("never the transport's or GraphQL's: a 400 whose body names a variable, a crash, a validation failure", () => {
    const coercion = new ApolloError({
      networkError: serverError(400, {
        errors: [
          {
            message:
              'Variable "$input" got invalid value 39500312345 at "input.address.pincode"; Int cannot represent non 32-bit signed integer value',
            extensions: { code: 'BAD_USER_INPUT' },
          },
        ],
      }),
    });
    expect(shopperMessage(coercion)).toBe(MESSAGES.somethingWrongBang);
    expect(shopperMessage(new ApolloError({ networkError: serverError(400) }), 'Could not save')).toBe('Could not save');
    const crash = new ApolloError({ graphQLErrors: [new GraphQLError('boom', { extensions: { code: 'INTERNAL_SERVER_ERROR' } })] });
    expect(shopperMessage(crash)).toBe(MESSAGES.somethingWrongBang);
  });

  it('says when the shop is down or the network is', () => {
    expect(shopperMessage(new ApolloError({ networkError: serverError(503) }))).toBe(MESSAGES.shopUnavailable);
    expect(shopperMessage(new ApolloError({ networkError: new TypeError('Failed to fetch') }))).toBe(MESSAGES.offline);
  });
});
