import { ApolloProvider } from '@apollo/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createClient } from './lib/apollo';
import { Kit } from './lib/kit';
// The back office's stylesheet, in three files taken in this order (one file in the build).
import './admin.css';
import './admin-editors.css';
import './admin-actions.css';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ApolloProvider client={createClient()}>
      <Kit>
        <App />
      </Kit>
    </ApolloProvider>
  </StrictMode>,
);
