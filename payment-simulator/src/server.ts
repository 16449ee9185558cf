import { parseWebhookMode, startSimulator } from './index.js';

const port = Number(process.env.PAYMENT_SIM_PORT ?? 4002);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PAYMENT_SIM_PORT must be a port number, got "${process.env.PAYMENT_SIM_PORT}"`);
  process.exit(1);
}
let webhooks;
try {
  const env = process.env;
  const retryBaseMs = Number(env.PAYMENT_SIM_WEBHOOK_RETRY_MS ?? 1000);
  if (!Number.isInteger(retryBaseMs) || retryBaseMs < 1)
    throw new Error('PAYMENT_SIM_WEBHOOK_RETRY_MS must be a whole number of milliseconds');
  if (env.PAYMENT_SIM_WEBHOOK_URL && !URL.canParse(env.PAYMENT_SIM_WEBHOOK_URL)) throw new Error('PAYMENT_SIM_WEBHOOK_URL must be a URL');
  webhooks = {
    url: env.PAYMENT_SIM_WEBHOOK_URL || undefined,
    ...(env.PAYMENT_SIM_WEBHOOK_SECRET ? { secret: env.PAYMENT_SIM_WEBHOOK_SECRET } : {}),
    ...parseWebhookMode(env.PAYMENT_SIM_WEBHOOKS),
    retryBaseMs,
  };
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const sim = await startSimulator(port, { webhooks }, process.env.PAYMENT_SIM_HOST ?? '127.0.0.1').catch((err: Error) => {
  console.error(`[payment simulator] ${err.message}`);
  process.exit(1);
});
const where = webhooks.url ? `webhooks to ${webhooks.url}${webhooks.mode === 'deliver' ? '' : ` (${webhooks.mode})`}` : 'no webhooks';
console.log(`payment simulator (stands in for Razorpay) at ${sim.url}; ${where}`);
const stop = () => {
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
