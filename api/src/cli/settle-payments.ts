// npm run payments:settle [-- --refund] [-- --payment=pay_…] [-- --all]
// Lists the captured payments that made no order (unsettled_payments); with --refund, refunds each
// through the provider (Razorpay, or the simulator without keys) and records the refund, idempotently.
import { loadConfig } from '../config/env.js';
import { openDb } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { createRazorpayProvider } from '../payments/provider.js';
import { listUnsettled, settleUnsettled } from './settle.js';
import path from 'node:path';

// `npm run … --workspace api` runs here in api/: DATA_DIR is read from where it was typed.
process.env.DATA_DIR = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? '.data');
const args = process.argv.slice(2);
const refund = args.includes('--refund');
const all = args.includes('--all');
const only = args.find((a) => a.startsWith('--payment='))?.split('=')[1];
const unknown = args.filter((a) => !['--refund', '--all'].includes(a) && !a.startsWith('--payment='));
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown.join(', ')}. Use --refund, --all or --payment=<payment id>.`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDb(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dir: path.join(config.dataDir, 'pglite') },
);
let failed = false;
try {
  await migrateToLatest(database.db);
  const rows = await listUnsettled(database.db, all);
  const rupees = (paise: number) => `Rs. ${(paise / 100).toFixed(2)}`;
  if (rows.length === 0)
    console.log(all ? 'No payments were ever kept for a refund.' : 'Nothing to settle: every kept payment is refunded.');
  for (const r of rows) {
    const status = r.refundedAt ? `refunded ${r.refundId} on ${r.refundedAt.toISOString()}` : 'not refunded';
    console.log(`${r.paymentId}  ${rupees(r.amountPaid).padStart(14)}  ${r.email}  ${r.createdAt.toISOString()}  ${r.reason}  — ${status}`);
  }
  if (refund) {
    const provider = createRazorpayProvider(config.razorpay);
    const results = await settleUnsettled(database.db, provider, {
      only,
      onProgress: (r) => {
        const detail = 'refundId' in r ? `${r.refundId} (${rupees(r.amount)})` : 'why' in r ? r.why : rupees(r.amount);
        console.log(`${r.paymentId}: ${r.outcome} ${detail}`);
      },
    });
    failed = results.some((r) => r.outcome === 'failed');
    const done = results.filter((r) => r.outcome === 'refunded').length;
    console.log(`${done} refunded, ${results.length - done} not (see above).`);
  } else if (rows.some((r) => !r.refundedAt)) {
    console.log('Run with --refund to refund them.');
  }
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
