// Digitic's GraphQL explorer: GraphiQL from npm, built with its editors' workers, served by the gateway.
// Nothing here is fetched from a CDN, so it works with no network (a train, a locked-down office).
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import './explorer.css';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL, HISTORY_PLUGIN } from 'graphiql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { INITIAL_HEADERS, INITIAL_QUERY } from './initial-documents';

// The explorer is served beside the gateway it explores: /graphiql asks /graphql of the same origin.
const fetcher = createGraphiQLFetcher({ url: new URL('/graphql', window.location.href).toString() });

const root = document.getElementById('explorer');
if (!root) throw new Error('The explorer page has no #explorer element');
createRoot(root).render(
  <StrictMode>
    <GraphiQL
      fetcher={fetcher}
      plugins={[HISTORY_PLUGIN]}
      defaultQuery={INITIAL_QUERY}
      initialHeaders={INITIAL_HEADERS}
      defaultEditorToolsVisibility="headers"
      shouldPersistHeaders={false}
    >
      <GraphiQL.Logo>Digitic GraphQL</GraphiQL.Logo>
    </GraphiQL>
  </StrictMode>,
);
