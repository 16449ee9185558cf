// npm run payments:settle [-- --refund] [-- --payment=pay_…] [-- --all]
// Lists the captured payments that made no order (unsettled_payments) and whose automatic refund
// has not gone through; with --refund, refunds each through the provider (Razorpay, or the
// simulator without keys) and records the refund, idempotently.
import { runFromCommandLine } from './run.js';

const args = process.argv.slice(2);
const refund = args.includes('--refund');
const all = args.includes('--all');
const only = args.find((a) => a.startsWith('--payment='))?.split('=')[1];
const unknown = args.filter((a) => !['--refund', '--all'].includes(a) && !a.startsWith('--payment='));
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown.join(', ')}. Use --refund, --all or --payment=<payment id>.`);
  process.exit(2);
}
await runFromCommandLine('payments:settle', { refund, all, ...(only ? { only } : {}) });
