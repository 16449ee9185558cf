import { type Kysely, sql } from 'kysely';
import { attemptWindows } from './auth/attempts.js';
import type { ApiConfig } from './config/env.js';
import type { Database } from './db/schema.js';
import type { Mailer } from './mail/mailer.js';
import { type ApiMetrics, createApiMetrics } from './observability/metrics.js';
import { ordersService } from './orders/service.js';
import { cartService } from './cart/service.js';
import { checkoutsService } from './checkout/service.js';
import { placeOrderService } from './checkout/place-order.js';
import type { PaymentProvider } from './payments/provider.js';
import { reconcile } from './payments/reconcile.js';
import { productsService } from './products/service.js';
import { usersService } from './customers/service.js';
import { sealer } from './staff/secrets.js';
import { staffService } from './staff/service.js';
import { ordersDesk } from './orders/desk.js';
import { catalogueDesk } from './catalogue/desk.js';
import { termsDesk } from './catalogue/terms.js';
import { bulkDesk } from './catalogue/bulk.js';
import { couponsDesk } from './coupons/desk.js';
import { photosService } from './photos/photos.js';
import { DEFAULT_PHOTO_LIMITS } from './photos/process.js';
import { databaseStore, s3Store } from './photos/store.js';
import { reviewsDesk } from './reviews/desk.js';
import { enquiriesDesk } from './enquiries/desk.js';
import { blogDesk } from './blogs/desk.js';
import { shopSettings } from './settings/settings.js';
import { policies } from './policies/policies.js';
import { complaints } from './complaints/complaints.js';
import { taxDocumentsService } from './tax/service.js';
import { customersDesk } from './customers/desk.js';
import { noticesService } from './orders/notices.js';
import { orderRefundsService } from './refunds/order-refunds.js';
import { cancelOrders } from './orders/cancel.js';
import { returnsService } from './returns/service.js';
import { passkeysService } from './staff/passkeys.js';

export type Log = (line: string, detail?: unknown) => void;

/** What the services are built on: the outside world, given by whoever runs them (the api process, a command, a test). */
export interface ServiceInputs {
  payments: PaymentProvider;
  mailer: Mailer;
  log: Log;
  /** Counters for the metrics endpoint; made here when not given. */
  metrics?: ApiMetrics;
  /** The PostgreSQL pool's connection counts, for the metrics (null on PGlite). */
  pool?: () => { total: number; idle: number; waiting: number } | null;
  /** How long a checkout start waits for another of the same customer's (tests shorten it). */
  startWaitMs?: number;
}

/**
 * The composition root: every service of the shop, built once, in one place, for the HTTP app
 * (app.ts), the api process's timers (server.ts) and the data commands (cli/run.ts) alike. Route
 * modules receive these; they never build a service.
 */
import { searchLog } from './search/log.js';
import { searchSynonyms } from './search/synonyms.js';
import { searchTickets } from './search/tickets.js';
import { lookupTrail } from './audit/lookup.js';

export function createServices(db: Kysely<Database>, config: ApiConfig, inputs: ServiceInputs) {
  const { payments, mailer, log } = inputs;
  const metrics =
    inputs.metrics ??
    createApiMetrics({
      unsettledPayments: async () =>
        Number(
          (await sql<{ n: number }>`select count(*)::int as n from unsettled_payments where refunded_at is null`.execute(db)).rows[0]?.n ??
            0,
        ),
      pool: inputs.pool,
    });
  const attempts = attemptWindows(db);
  // The shop's details as the owner saved them, over the environment's: every e-mail names the shop by them.
  const settings = shopSettings(db, { name: config.shopName, email: config.shopEmail });
  const shop = settings.identity;
  const checkouts = checkoutsService({
    db,
    payments,
    mailer,
    log,
    keyId: config.razorpay.keyId,
    webUrl: config.webUrl,
    shop,
    seller: config.seller,
    outcome: (o, source) => {
      metrics.checkout(o, source);
      if (o === 'refunded') metrics.refund('automatic');
    },
    startWaitMs: inputs.startWaitMs,
    couponHoldSeconds: config.reconcile.expireAfterSeconds || undefined,
  });
  const notices = noticesService({
    db,
    mailer,
    log,
    webUrl: config.webUrl,
    shop,
    returnWindowDays: config.returnWindowDays,
    sent: (kind) => metrics.email(kind),
  });
  const orderRefunds = orderRefundsService({ db, payments, log, processed: (source) => metrics.refund(source) });
  const moved = (from: string, to: string) => metrics.transition(from, to);
  const passkeys = passkeysService({ db, webUrl: config.webUrl, shop });
  const cancels = cancelOrders({ db, refunds: orderRefunds, notices, log, moved });
  const orders = ordersService(db, { returnWindowDays: config.returnWindowDays });
  const returns = returnsService({ db, refunds: orderRefunds, notices, log, windowDays: config.returnWindowDays });
  const searchTicketsOf = searchTickets(config.jwtSecret);
  const lookups = lookupTrail(config.jwtSecret);
  return {
    db,
    config,
    policies: policies(db),
    complaints: complaints({ db, mailer, shop, log }),
    searchTickets: searchTicketsOf,
    lookups,
    searchLog: searchLog(db, searchTicketsOf, attempts),
    synonyms: searchSynonyms(db),
    staff: staffService({
      db,
      sealer: sealer(config.jwtSecret),
      attempts,
      adminUrl: `${config.webUrl}/admin`,
      shop,
      passkeys,
      mailer,
      log,
    }),
    passkeys,
    ordersDesk: ordersDesk({ db, cancels, refunds: orderRefunds, notices, log, moved, lookups }),
    customersDesk: customersDesk(db, lookups),
    catalogueDesk: catalogueDesk({ db, lowStockThreshold: config.lowStockThreshold }),
    terms: termsDesk(db),
    bulk: bulkDesk(db),
    coupons: couponsDesk(db),
    settings,
    taxDocuments: taxDocumentsService(db),
    photos: photosService({
      db,
      store: config.photos.s3 ? s3Store(config.photos.s3) : databaseStore(db),
      limits: { ...DEFAULT_PHOTO_LIMITS, maxBytes: config.photos.maxBytes, maxPixels: config.photos.maxPixels },
      log,
    }),
    reviewsDesk: reviewsDesk(db, lookups),
    blogDesk: blogDesk(db),
    enquiriesDesk: enquiriesDesk({ db, mailer, shop, log, lookups }),
    notices,
    orderRefunds,
    cancels,
    returns,
    payments,
    mailer,
    log,
    metrics,
    attempts,
    checkouts,
    orders,
    /** The browser's path from a paid checkout to its order (the spec's create-order). */
    placeOrder: placeOrderService({ payments, checkouts, orders, outcome: (o) => metrics.payment(o) }),
    users: usersService({ db, jwtSecret: config.jwtSecret, webUrl: config.webUrl, mailer, attempts, shop }),
    products: productsService(db),
    cart: cartService(db),
    /** One reconciliation pass (the timer's, the command's): what webhooks missed, and retries (refunds and e-mails included). */
    reconcile: () => reconcile({ db, payments, checkouts, orderRefunds, notices }, config.reconcile),
  };
}

export type Services = ReturnType<typeof createServices>;
