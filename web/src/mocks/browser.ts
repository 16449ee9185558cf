// npm run dev:mock: the web app alone, its GraphQL answered in the browser by msw's service worker from
// the mock api (demo catalogue, accounts and carts in memory; a reload starts afresh). No api, no gateway.
import { setupWorker } from 'msw/browser';
import { mockApiHandler, mockPicturesHandler } from './handlers';
import { createMockApi } from './mock-api';

export async function startMockApi(): Promise<void> {
  const worker = setupWorker(mockApiHandler(createMockApi()), mockPicturesHandler);
  await worker.start({ onUnhandledRequest: 'bypass', quiet: false });
}
