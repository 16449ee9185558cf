import { ApolloProvider } from '@apollo/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createClient } from './lib/apollo';
import { Kit } from './lib/kit';
import './admin.css';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ApolloProvider client={createClient()}>
      <Kit>
        <App />
      </Kit>
    </ApolloProvider>
  </StrictMode>,
);
