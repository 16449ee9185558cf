import type { SimulatorOptions } from './app.js';
import { parseWebhookMode } from './webhooks.js';

/** Where the simulator listens and how it sends webhooks, as its environment (PAYMENT_SIM_*) says. */
export interface SimulatorSettings {
  port: number;
  host: string;
  options: SimulatorOptions & { webhooks: NonNullable<SimulatorOptions['webhooks']> };
}

/**
 * The simulator's settings from its environment: its own process (server.ts) and `npm start`, which runs it inside
 * the launcher, read them alike. Throws an Error naming the setting that is wrong and what it must be.
 */
export function simulatorSettings(env: Record<string, string | undefined>): SimulatorSettings {
  const port = Number(env.PAYMENT_SIM_PORT ?? 4002);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PAYMENT_SIM_PORT must be a port number, got "${env.PAYMENT_SIM_PORT}"`);
  const retryBaseMs = Number(env.PAYMENT_SIM_WEBHOOK_RETRY_MS ?? 1000);
  if (!Number.isInteger(retryBaseMs) || retryBaseMs < 1)
    throw new Error('PAYMENT_SIM_WEBHOOK_RETRY_MS must be a whole number of milliseconds');
  if (env.PAYMENT_SIM_WEBHOOK_URL && !URL.canParse(env.PAYMENT_SIM_WEBHOOK_URL)) throw new Error('PAYMENT_SIM_WEBHOOK_URL must be a URL');
  return {
    port,
    host: env.PAYMENT_SIM_HOST ?? '127.0.0.1',
    options: {
      webhooks: {
        url: env.PAYMENT_SIM_WEBHOOK_URL || undefined,
        ...(env.PAYMENT_SIM_WEBHOOK_SECRET ? { secret: env.PAYMENT_SIM_WEBHOOK_SECRET } : {}),
        ...parseWebhookMode(env.PAYMENT_SIM_WEBHOOKS),
        retryBaseMs,
      },
    },
  };
}

/** The line a started simulator prints: where it answers (`url`) and where its webhooks go. */
export function simulatorBanner(url: string, settings: SimulatorSettings): string {
  const { url: hooks, mode } = settings.options.webhooks;
  const where = hooks ? `webhooks to ${hooks}${mode === 'deliver' ? '' : ` (${mode})`}` : 'no webhooks';
  return `payment simulator (stands in for Razorpay) at ${url}; ${where}`;
}
