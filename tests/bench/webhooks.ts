/**
 * How fast the api answers Razorpay's webhooks (any answer but a 2xx is a failed delivery, retried):
 * the built shop as processes (PGlite, or PostgreSQL when BENCH_POSTGRES=1 and one answers), N paid
 * checkouts whose webhooks the simulator dropped, then each one's payment.captured posted signed,
 * first at the api, then the same event again (a duplicate), then at the shop's public address.
 * Prints p50/p95/max per kind, and checks that every checkout became exactly one order.
 */
import { SIMULATOR_WEBHOOK_SECRET, signWebhook } from '@digitic/payment-simulator/keys';
import { addToCart, myOrders, newShopper, pay, products, startCheckout } from '../support/shop-client';
import { localPostgres, startStack } from '../support/stack';

const N = Number(process.env.BENCH_CHECKOUTS ?? 100);
const postgres = process.env.BENCH_POSTGRES === '1' ? await localPostgres() : null;
const stack = await startStack({
  basePort: 4680,
  postgresAdminUrl: postgres ?? undefined,
  simEnv: { PAYMENT_SIM_WEBHOOKS: 'drop' },
  apiEnv: { RECONCILE_INTERVAL_S: '0' },
});

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
const show = (label: string, ms: number[]) =>
  console.log(
    `${label.padEnd(34)} p50 ${percentile(ms, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(ms, 95).toFixed(1).padStart(6)} ms   max ${Math.max(
      ...ms,
    )
      .toFixed(1)
      .padStart(6)} ms`,
  );

try {
  const shop = stack.shops[0] as string;
  const catalogue = await products(shop, 20);
  const paid: { token: string; event: string; id: string }[] = [];
  for (let i = 0; i < N; i++) {
    const s = await newShopper(shop, `bench-hook-${i}`);
    await addToCart(shop, s.token, catalogue[i % catalogue.length] as (typeof catalogue)[number], 1);
    const session = (await startCheckout(shop, s.token)).data?.startCheckout;
    if (!session) throw new Error('startCheckout failed');
    const payment = await pay(stack.simulatorUrl, session.providerOrderId);
    const event = JSON.stringify({
      entity: 'event',
      account_id: 'acc_Bench',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: payment.providerPaymentId,
            order_id: session.providerOrderId,
            amount: session.amount,
            currency: 'INR',
            status: 'captured',
          },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    paid.push({ token: s.token, event, id: `Bench${i}${session.providerOrderId.slice(6)}` });
  }

  const post = async (base: string, event: string, id: string) => {
    const started = performance.now();
    const res = await fetch(`${base}/api/payments/razorpay/webhook`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Razorpay-Event-Id': id,
        'X-Razorpay-Signature': signWebhook(event, SIMULATOR_WEBHOOK_SECRET),
      },
      body: event,
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`webhook answered ${res.status}`);
    return performance.now() - started;
  };
  const api = stack.apis[0] as string;
  const first = [];
  for (const p of paid) first.push(await post(api, p.event, p.id));
  const duplicate = [];
  for (const p of paid) duplicate.push(await post(api, p.event, p.id));
  const viaShop = [];
  for (const p of paid) viaShop.push(await post(shop, p.event, `${p.id}x`));

  let orders = 0;
  for (const p of paid) orders += (await myOrders(shop, p.token)).length;
  console.log(`${N} paid checkouts, ${postgres ? 'PostgreSQL' : 'PGlite'}, one api and one gateway (built), sequential requests:`);
  show('payment.captured → order', first);
  show('the same event again (duplicate)', duplicate);
  show('a new event id, order already made', viaShop);
  console.log(`orders made: ${orders} of ${N} checkouts${orders === N ? '' : '  ← WRONG'}`);
  if (orders !== N) process.exitCode = 1;
} finally {
  await stack.close();
}
