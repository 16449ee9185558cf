/**
 * The order desk at scale: seeds 100,000 orders (20,000 customers, refunds on some) into a fresh
 * PostgreSQL database, starts the real api app on it, signs a staff member in with two factors, and
 * times the back office's order list and its searches over HTTP at the api (GET /api/admin/orders:
 * the rows and their count, as the desk asks). Prints p50 and p99 per query; `--check` fails when a
 * p50 is over the goal (20 ms on the reference machine: a machine slower than it at PostgreSQL's own work, a fixed
 * query timed before and after, has the goal scaled by how much slower, printed; never stricter, machine-speed.ts).
 *
 *   node --import tsx tests/bench/orders-desk.ts [--check] [--orders=100000]
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createApp, createMailer, createRazorpayProvider, createServices, loadConfig, migrateToLatest, openDb } from '@digitic/api/bench';
import { sql } from 'kysely';
import { TOTP } from 'otpauth';
import pg from 'pg';
import { percentile, slowerBy, timeReferenceWork } from './machine-speed';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string | undefined]));
const CHECK = args.has('check');
const ORDERS = Number(args.get('orders') ?? 100_000);
const CUSTOMERS = Math.max(1, Math.round(ORDERS / 5));
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const GOAL_MS = 20;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `digitic_bench_orders_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const database = await freshDatabase();
if (!database) {
  // The goal is PostgreSQL's (the database of a shop that has 100,000 orders); without one there is nothing to measure.
  console.log(`PostgreSQL does not answer at ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}: the 100k-order bench needs it; not measured.`);
  process.exit(0);
}

const statuses = sql.raw(`(array['Ordered','Processed','Shipped','Out For Delivery','Delivered','Cancelled'])`);
const seeded = Date.now();
const db = await openDb({ kind: 'postgres', url: database.url });
try {
  await migrateToLatest(db.db);
  const q = (s: ReturnType<typeof sql>) => s.execute(db.db);
  await q(sql`insert into colors (title) values ('black'), ('silver')`);
  await q(sql`
    insert into products (title, slug, description, price, category, brand, tags, images)
    select 'Bench product ' || i, 'bench-' || i, '<p>Bench</p>', 1000 + i * 37, 'Laptops', 'Dell', array['new'], '[]'::jsonb
    from generate_series(1, 50) as i`);
  await q(sql`
    insert into customers (firstname, lastname, email, mobile, password_hash)
    select 'Bench', 'Shopper ' || i, 'shopper' || i || '@bench.example', (9000000000 + i)::text, 'x'
    from generate_series(1, ${CUSTOMERS}) as i`);
  // Orders spread over the last 400 days, newest last; a shopper's orders are every CUSTOMERS-th one.
  await q(sql`
    with c as (select id, row_number() over (order by email) as n from customers)
    insert into orders (customer_id, shipping_info, razorpay_order_id, razorpay_payment_id, total_price, total_price_after_discount,
                        order_status, carrier, tracking_number, paid_at, created_at, confirmation_sent_at)
    select c.id, '{"firstname":"Bench","lastname":"Shopper","address":"1 Road","city":"Surat","state":"Gujarat","country":"India","pincode":395003}'::jsonb,
           'order_bench' || lpad(i::text, 10, '0'), 'pay_bench' || lpad(i::text, 10, '0'), 2000 + i % 90000, 2000 + i % 90000,
           ${statuses}[1 + (i * 7) % 6],
           case when ${statuses}[1 + (i * 7) % 6] in ('Shipped', 'Out For Delivery') then 'Delhivery' end,
           case when ${statuses}[1 + (i * 7) % 6] in ('Shipped', 'Out For Delivery') then 'DL' || i end,
           now() - ((${ORDERS} - i) * interval '5 minutes'), now() - ((${ORDERS} - i) * interval '5 minutes'), now()
    from generate_series(1, ${ORDERS}) as i
    join c on c.n = 1 + i % ${CUSTOMERS}`);
  await q(sql`
    insert into order_items (order_id, product_id, color_id, quantity, price, position)
    select o.id, (select id from products order by title limit 1 offset (abs(hashtext(o.id::text)) % 50)), (select id from colors limit 1), 1, o.total_price - 100, 0
    from orders o`);
  await q(sql`
    insert into order_refunds (order_id, amount, reason, state, source, actor_kind, processed_at)
    select id, 10000, 'Bench refund', case when hashtext(id::text || 'state') % 4 = 0 then 'pending' else 'processed' end, 'staff', 'staff', now()
    from orders where hashtext(id::text) % 20 = 0`);
  // Where each payment stands, as the refunds code keeps it on the order.
  await q(sql`
    update orders o set payment_state = case when r.state = 'pending' then 'refund_in_progress' else 'refunded' end
    from order_refunds r where r.order_id = o.id`);
  // As autovacuum leaves a settled table (visibility map set, statistics fresh).
  await q(sql`vacuum analyze`);
  const counts = await sql<{ orders: number; refunds: number }>`
    select (select count(*)::int from orders) as orders, (select count(*)::int from order_refunds) as refunds`.execute(db.db);
  console.log(
    `seeded ${counts.rows[0]?.orders} orders of ${CUSTOMERS} customers (${counts.rows[0]?.refunds} with a refund) in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
  );

  // The real api app on that database, and a staff member signed in with a password and a TOTP code.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: `/tmp/digitic-bench-orders-${process.pid}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: database.url,
    PAYMENT_SIM_URL: 'http://127.0.0.1:9',
    WEB_URL: 'http://shop.bench',
    RECONCILE_INTERVAL_S: '0',
  });
  const services = createServices(db.db, config, {
    mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: config.outboxDir }),
    payments: createRazorpayProvider(config.razorpay),
    log: () => {},
  });
  const app = createApp({ ...services, services, dbKind: 'postgres' });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  const email = 'desk@bench.example';
  const { link } = await services.staff.invite({ email, role: 'fulfilment' }, { kind: 'command', label: 'bench' });
  const token = link.split('#')[1] as string;
  const secret = (await services.staff.invitation(token)).totp.secret;
  const code = (aheadMs: number) =>
    new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + aheadMs });
  await services.staff.enrol(token, { password: 'a long bench password', code: code(0) });
  const session = await services.staff.signIn({ email, password: 'a long bench password', code: code(30_000) });
  const headers = { Authorization: `Staff ${session.token}` };

  const someOrder =
    (await sql<{ id: string }>`select id from orders order by created_at desc offset 5000 limit 1`.execute(db.db)).rows[0]?.id ?? '';
  const queries: [string, (i: number) => string][] = [
    ['newest first (page 1)', () => ''],
    ['newest first (page 40)', () => 'page=40'],
    ['by status', (i) => `status=${['Ordered', 'Processed', 'Shipped', 'Delivered'][i % 4]}`],
    ['by status and a week', (i) => `status=Delivered&from=${day(30 + (i % 60))}&to=${day(23 + (i % 60))}`],
    ['by payment: refunded', () => 'payment=refunded'],
    ['by payment: refund in progress', () => 'payment=refund_in_progress'],
    ['search: customer e-mail', (i) => `q=shopper${1 + ((i * 97) % CUSTOMERS)}@bench.example`],
    ['search: customer phone', (i) => `q=${9000000000 + 1 + ((i * 89) % CUSTOMERS)}`],
    ['search: order number', () => `q=${someOrder}`],
  ];
  function day(daysAgo: number) {
    return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  }

  const before = await timeReferenceWork(db.db);
  console.log(`\n${ITERATIONS} timed requests per query (after 20 warm-up), GET /api/admin/orders, 25 a page with the total\n`);
  console.log('query                              p50 ms   p99 ms   matches');
  const p50s: [string, number][] = [];
  for (const [label, params] of queries) {
    const samples: number[] = [];
    let total = 0;
    for (let i = 0; i < ITERATIONS + 20; i++) {
      const start = process.hrtime.bigint();
      const res = await fetch(`${base}/admin/orders?${params(i)}`, { headers });
      const body = (await res.json()) as { total: number; items: unknown[] };
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`);
      if (i >= 20) samples.push(ms);
      total = body.total;
    }
    samples.sort((a, b) => a - b);
    const p50 = percentile(samples, 50);
    p50s.push([label, p50]);
    console.log(
      `${label.padEnd(34)} ${p50.toFixed(2).padStart(7)} ${percentile(samples, 99).toFixed(2).padStart(8)} ${String(total).padStart(9)}`,
    );
  }
  server.close();
  console.log('');
  const goal = GOAL_MS * slowerBy('postgres', [...before, ...(await timeReferenceWork(db.db))]);
  const over = p50s.filter(([, p50]) => p50 > goal).map(([label]) => label);
  console.log(
    over.length === 0
      ? `every p50 within the goal (≤ ${goal.toFixed(1)} ms; ${GOAL_MS} ms on the reference machine)`
      : `over the goal (p50 > ${goal.toFixed(1)} ms; ${GOAL_MS} ms on the reference machine): ${over.join(', ')}`,
  );
  if (CHECK && over.length > 0) process.exitCode = 1;
} finally {
  await db.close();
  await database.drop();
}
