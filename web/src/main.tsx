import { ApolloProvider } from '@apollo/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createRouter } from './app/router';
import { createApolloClient } from './lib/apollo';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <ApolloProvider client={createApolloClient()}>
      <RouterProvider router={createRouter()} />
    </ApolloProvider>
  </StrictMode>,
);
