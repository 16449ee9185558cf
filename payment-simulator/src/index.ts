import type { AddressInfo } from 'node:net';
import { createSimulator, type SimulatorOptions } from './app.js';
import type { WebhookSender } from './webhooks.js';

export { createSimulator, type SimulatorOptions } from './app.js';
export { SIMULATOR_KEY_ID, SIMULATOR_KEY_SECRET, SIMULATOR_WEBHOOK_SECRET, signPayment, signWebhook } from './keys.js';
export { parseWebhookMode, type Delivery, WebhookSender, type WebhookSettings } from './webhooks.js';
export { simulatorBanner, simulatorSettings, type SimulatorSettings } from './settings.js';

export interface RunningSimulator {
  url: string;
  /** Its webhooks: settings (url, mode) may be changed while it runs; deliveries lists what it sent. */
  webhooks: WebhookSender;
  close(): Promise<void>;
}

/** Starts the simulator (on loopback unless a host is given, as in a container); port 0 picks a free one. */
export async function startSimulator(port = 0, options: SimulatorOptions = {}, host = '127.0.0.1'): Promise<RunningSimulator> {
  const { app, webhooks } = createSimulator(options);
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (err?: NodeJS.ErrnoException) => {
      // Express 5 hands a failed listen to this callback (a port in use, say): say which and what to do.
      if (err) {
        const taken = err.code === 'EADDRINUSE';
        reject(
          new Error(
            taken
              ? `port ${port} on ${host} is taken by another process: stop that process, or set PAYMENT_SIM_PORT to a free port`
              : `could not listen on ${host}:${port}: ${err.message}`,
          ),
        );
        return;
      }
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${bound}`,
        webhooks,
        close: () =>
          new Promise<void>((done) => {
            webhooks.close();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
    // Idle keep-alive connections outlive the api's own idle limit (Node's agents keep theirs 5 s, the
    // server default too): otherwise a request sent on a connection being closed that instant is reset.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    server.once('error', reject);
  });
}
