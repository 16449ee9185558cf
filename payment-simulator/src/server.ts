import { startSimulator } from './index.js';

const port = Number(process.env.PAYMENT_SIM_PORT ?? 4002);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PAYMENT_SIM_PORT must be a port number, got "${process.env.PAYMENT_SIM_PORT}"`);
  process.exit(1);
}
const sim = await startSimulator(port, {}, process.env.PAYMENT_SIM_HOST ?? '127.0.0.1');
console.log(`payment simulator (stands in for Razorpay) at ${sim.url}`);
const stop = () => {
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
