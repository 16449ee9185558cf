import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ApolloClient, gql as parse, HttpLink, InMemoryCache } from '@apollo/client/core';
import {
  buildSchema,
  getNamedType,
  type GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type OperationDefinitionNode,
  typeFromAST,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSchemaDir } from '../../scripts/schema-check.mjs';
import { shopperMessage } from '../../web/src/lib/shopper-message';
import { newShopper } from '../support/shop-client';
import { type Stack, startStack } from '../support/stack';

// Issue #38, item 4: a pincode of eleven digits answered the toast "Response not successful: Received status
// code 400". Every mutation the storefront sends (its trusted documents) is sent to the real built shop with
// bad input, through Apollo Client as the web app uses it, and what the web would show the shopper
// (web/src/lib/shopper-message.ts) must be a sentence: no text of the client library, the transport or GraphQL.

const root = new URL('../../', import.meta.url);
const schema = buildSchema(readSchemaDir(fileURLToPath(new URL('schema/storefront/', root))));
const manifest = JSON.parse(readFileSync(new URL('web/src/__generated__/trusted-documents.json', root), 'utf8')) as {
  operations: { name: string; type: string; body: string }[];
};
const mutations = manifest.operations.filter((o) => o.type === 'mutation');

/** What a shopper must never read: the client library's, the transport's and GraphQL's own words. */
const LIBRARY_WORDS =
  /Response not successful|status code|GraphQL|Variable "\$|cannot represent|was not provided|Expected type|Failed to fetch|Unexpected token|Cannot query field|ServerError|ApolloError|undefined|\[object Object\]/i;

type Bad = 'wrong type' | 'wrong value';
/** A value of the right shape but wrong (empty, negative, unknown), or of the wrong type altogether. */
function badValue(type: GraphQLInputType, how: Bad, depth = 0): unknown {
  if (isNonNullType(type)) return badValue(type.ofType, how, depth);
  if (isListType(type)) return how === 'wrong type' ? 'not a list' : [badValue(type.ofType, how, depth)];
  const named = getNamedType(type);
  if (isEnumType(named)) return how === 'wrong type' ? 'NOT_A_CHOICE' : named.getValues()[0]?.value;
  if (isInputObjectType(named)) {
    // Wrong type: the object's required fields left out; wrong value: every field present and wrong.
    if (how === 'wrong type' || depth > 3) return {};
    return Object.fromEntries(Object.values(named.getFields()).map((f) => [f.name, badValue(f.type, how, depth + 1)]));
  }
  if (isScalarType(named)) {
    const byType: Record<string, [unknown, unknown]> = {
      // An eleven-digit number (a pincode typed one digit too many times) is past GraphQL's Int.
      Int: [39500312345, -1],
      Float: ['many', -1],
      String: [12345, ''],
      ID: [true, 'nope'],
      Boolean: ['yes', false],
    };
    return (byType[named.name] ?? ['?', ''])[how === 'wrong type' ? 0 : 1];
  }
  return null;
}

let stack: Stack;
let shop: string;
let token: string;
beforeAll(async () => {
  stack = await startStack({ basePort: 5550, production: true });
  shop = stack.shops[0] as string;
  token = (await newShopper(shop, 'errors')).token;
});
afterAll(async () => {
  await stack?.close();
});

describe('what the storefront says when a mutation fails', () => {
  it('walks every mutation the web app sends', () => {
    expect(mutations.length).toBeGreaterThan(15);
  });

  for (const how of ['wrong type', 'wrong value'] as const) {
    it(`says a sentence, never the client library's words, for every mutation with input of the ${how}`, async () => {
      const client = new ApolloClient({
        cache: new InMemoryCache(),
        link: new HttpLink({ uri: `${shop}/graphql`, headers: { authorization: `Bearer ${token}` } }),
        defaultOptions: { mutate: { errorPolicy: 'none' } },
      });
      const heard: { name: string; message: string }[] = [];
      for (const m of mutations) {
        const document = parse(m.body);
        const op = document.definitions[0] as OperationDefinitionNode;
        const variables = Object.fromEntries(
          (op.variableDefinitions ?? []).map((v) => {
            const type = typeFromAST(schema, v.type) as GraphQLInputType | undefined;
            if (!type) throw new Error(`${m.name}: $${v.variable.name.value} has a type the schema lacks`);
            return [v.variable.name.value, badValue(type, how)];
          }),
        );
        try {
          await client.mutate({ mutation: document, variables });
        } catch (err) {
          heard.push({ name: m.name, message: shopperMessage(err) });
        }
      }
      // Input of the wrong type fails every mutation that takes input; wrong values fail most.
      expect(heard.length).toBeGreaterThan(how === 'wrong type' ? 15 : 10);
      for (const { name, message } of heard) {
        expect(message, name).not.toMatch(LIBRARY_WORDS);
        expect(message.trim().length, name).toBeGreaterThan(5);
      }
    });
  }
});
