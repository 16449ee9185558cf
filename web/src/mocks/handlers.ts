// msw handlers for the web app's GraphQL: the whole mock api (mock-api.ts), and single operations a test
// answers itself. They read requests as the app sends them: a trusted document's id as GET, or a
// document as POST (see lib/apollo.ts).
import { type DocumentNode, Kind, type OperationDefinitionNode } from 'graphql';
import { http, HttpResponse } from 'msw';
import manifest from '../__generated__/trusted-documents.json';
import type { createMockApi } from './mock-api';

interface GraphQLRequest {
  operationName?: string;
  query?: string;
  variables?: Record<string, unknown>;
  extensions?: { persistedQuery?: { sha256Hash?: string } };
}

const trusted = new Map(manifest.operations.map((op) => [op.id, op.body]));
const parsed = (text: string | null) => (text ? (JSON.parse(text) as never) : undefined);

/** The operation as the request carries it: in the address (GET) or the body (POST). */
export async function readGraphQLRequest(request: Request): Promise<GraphQLRequest> {
  if (request.method === 'GET') {
    const params = new URL(request.url).searchParams;
    return {
      operationName: params.get('operationName') ?? undefined,
      query: params.get('query') ?? undefined,
      variables: parsed(params.get('variables')),
      extensions: parsed(params.get('extensions')),
    };
  }
  return (await request.clone().json()) as GraphQLRequest;
}

const operationName = (document: DocumentNode) => {
  const definition = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (!definition?.name) throw new Error('An operation handler needs a named operation');
  return definition.name.value;
};

/**
 * One operation's answer, typed by the generated types of its document:
 * `operation<LoginMutation, LoginMutationVariables>(LoginDocument, ({ variables }) => …)`. Return the data,
 * or a whole Response (an error status, `HttpResponse.error()` for a network failure).
 */
export function operation<Result, Variables>(
  document: DocumentNode,
  answer: (input: { variables: Variables; request: Request }) => Result | Response | Promise<Result | Response>,
) {
  const name = operationName(document);
  return http.all('*/graphql', async ({ request }) => {
    const body = await readGraphQLRequest(request);
    if (body.operationName !== name) return undefined; // another handler's
    const result = await answer({ variables: (body.variables ?? {}) as Variables, request });
    return result instanceof Response ? result : HttpResponse.json({ data: result });
  });
}

/** A GraphQL error answer, as the gateway sends one (status, message, code). */
export const graphQLError = (status: number, message: string, code: string) =>
  HttpResponse.json({ errors: [{ message, extensions: { code } }] }, { status });

/** The shop's own pictures (banners), which the api serves: one drawn placeholder each. */
export const mockPicturesHandler = http.get('*/api/images/*', ({ request }) => {
  const name = new URL(request.url).pathname.split('/').pop() ?? '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="#dfe6f0"/><text x="400" y="260" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#556">${name.replace(/[<>&]/g, '')}</text></svg>`;
  return new HttpResponse(svg, { headers: { 'Content-Type': 'image/svg+xml' } });
});

/** Every operation, answered by the mock api: the web app's ids are looked up in its manifest. */
export function mockApiHandler(api: ReturnType<typeof createMockApi>) {
  return http.all('*/graphql', async ({ request }) => {
    const body = await readGraphQLRequest(request);
    const id = body.extensions?.persistedQuery?.sha256Hash;
    const source = body.query ?? (id ? trusted.get(id) : undefined);
    if (!source) return graphQLError(200, 'PersistedQueryNotFound', 'PERSISTED_QUERY_NOT_FOUND');
    return HttpResponse.json(await api.execute(source, body.variables, request.headers.get('authorization')));
  });
}
