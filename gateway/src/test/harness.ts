import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApi, type TestApi } from '@digitic/api/testing';
import { createGateway, type GatewayOptions } from '../app.js';
import { loadConfig } from '../config/env.js';

export interface TestGateway {
  api: TestApi;
  url: string;
  /** Reads the catalogue change log now (instead of at the reader's next tick). */
  syncCatalogue(): Promise<void>;
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string | null,
  ): Promise<{ data?: T; errors?: { message: string; extensions: Record<string, unknown> }[] }>;
  close(): Promise<void>;
}

/** The real gateway over the real api (PGlite) and the payment simulator, listening on loopback. */
export async function startTestGateway(env: Record<string, string> = {}, options: GatewayOptions = {}): Promise<TestGateway> {
  const api = await startTestApi();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    SHOP_API_URL: api.url,
    PAYMENT_SIM_URL: api.sim.url,
    SHOP_PHONE: '+971 4 123 4567',
    SHOP_EMAIL: 'help@digitic.test',
    // The tests sign up many customers from loopback.
    SIGNUP_LIMIT_PER_CLIENT: '100000',
    ...env,
  });
  const gateway = await createGateway(config, options);
  const listener = await new Promise<Server>((resolve) => {
    const s = gateway.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  return {
    api,
    url,
    // A read that starts after the call: one already under way may have read the log before the test's change.
    syncCatalogue: () => gateway.sync.catchUp(),
    async gql(query, variables = {}, token = null) {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return (await res.json()) as never;
    },
    async close() {
      listener.closeAllConnections();
      await new Promise((done) => listener.close(done));
      await gateway.stop();
      await api.close();
    },
  };
}

export async function signUp(gw: TestGateway, firstname = 'Asha'): Promise<{ token: string; id: string; email: string }> {
  const email = `gw.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const reg = await gw.gql('mutation($i: RegisterInput!) { register(input: $i) { id } }', {
    i: { firstname, lastname: 'Patel', email, password: 'correct horse battery', mobile: '9876543210' },
  });
  if (reg.errors) throw new Error(JSON.stringify(reg.errors));
  const login = await gw.gql<{ login: { token: string; customer: { id: string } } }>(
    'mutation($i: LoginInput!) { login(input: $i) { token customer { id } } }',
    { i: { email, password: 'correct horse battery' } },
  );
  if (!login.data) throw new Error(JSON.stringify(login.errors));
  return { token: login.data.login.token, id: login.data.login.customer.id, email };
}
