import { ApolloProvider } from '@apollo/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createClient } from './lib/apollo';
import './admin.css';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ApolloProvider client={createClient()}>
      <App />
    </ApolloProvider>
  </StrictMode>,
);
