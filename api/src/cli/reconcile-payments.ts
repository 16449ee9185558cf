// npm run payments:reconcile
// Asks the payment provider about every checkout still open after RECONCILE_AFTER_S (webhooks that
// never came): a captured payment becomes its order (or an automatic refund), none expires the
// checkout after CHECKOUT_EXPIRY_S; then retries refunds, confirmations and refund notices.
// The api runs the same job every RECONCILE_INTERVAL_S; running it by hand at any time is safe.
import { runFromCommandLine } from './run.js';

const args = process.argv.slice(2);
if (args.length > 0) {
  console.error(`payments:reconcile takes no options (got ${args.join(' ')}); its timings are RECONCILE_AFTER_S and CHECKOUT_EXPIRY_S.`);
  process.exit(2);
}
await runFromCommandLine('payments:reconcile', {});
