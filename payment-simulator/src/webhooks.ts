import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { randomBytes } from 'node:crypto';
import { signWebhook } from './keys.js';

export type WebhookMode = 'deliver' | 'drop' | 'delay';

export interface WebhookSettings {
  /** Where events are POSTed (the shop's /api/payments/razorpay/webhook); none: events are only recorded. */
  url: string | undefined;
  secret: string;
  /** deliver at once, drop (never send: reconciliation's case), or delay the first attempt by delayMs. */
  mode: WebhookMode;
  delayMs: number;
  /** First retry after this, doubling each time, as Razorpay backs off (it keeps trying for 24 hours). */
  retryBaseMs: number;
  maxAttempts: number;
}

export interface Delivery {
  id: string;
  event: string;
  body: string;
  status: 'pending' | 'delivered' | 'dropped' | 'failed';
  attempts: number;
  lastStatus: number | null;
  createdAt: number;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const eventId = () => Array.from(randomBytes(14), (b) => ALPHABET[b % ALPHABET.length]).join('');

/** Sends Razorpay-shaped, signed webhook events, retrying with back-off until the shop answers 2xx. */
export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(readonly settings: WebhookSettings) {}

  /** Razorpay's event envelope: entity, account_id, event, contains, payload.{entity}.entity, created_at. */
  emit(event: string, entities: Record<string, object>): Delivery {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_DigiticSimulator',
      event,
      contains: Object.keys(entities),
      payload: Object.fromEntries(Object.entries(entities).map(([k, v]) => [k, { entity: v }])),
      created_at: Math.floor(Date.now() / 1000),
    });
    const delivery: Delivery = { id: eventId(), event, body, status: 'pending', attempts: 0, lastStatus: null, createdAt: Date.now() };
    this.deliveries.push(delivery);
    if (this.deliveries.length > 1000) this.deliveries.shift();
    if (!this.settings.url) return delivery;
    if (this.settings.mode === 'drop') {
      delivery.status = 'dropped';
      return delivery;
    }
    this.later(() => this.attempt(delivery), this.settings.mode === 'delay' ? this.settings.delayMs : 0);
    return delivery;
  }

  /** Sends an event again, as it was (same id, same body): Razorpay's own redelivery. */
  redeliver(id: string): Delivery | null {
    const delivery = this.deliveries.find((d) => d.id === id);
    if (!delivery) return null;
    delivery.status = 'pending';
    this.later(() => this.attempt(delivery), 0);
    return delivery;
  }

  close() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private later(run: () => Promise<void>, ms: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(delivery: Delivery): Promise<void> {
    const url = this.settings.url;
    if (!url) return;
    delivery.attempts += 1;
    try {
      const status = await post(url, delivery.body, {
        'Content-Type': 'application/json',
        'User-Agent': 'Razorpay-Webhook/v1',
        'X-Razorpay-Event-Id': delivery.id,
        'X-Razorpay-Signature': signWebhook(delivery.body, this.settings.secret),
      });
      delivery.lastStatus = status;
      if (status >= 200 && status < 300) {
        delivery.status = 'delivered';
        return;
      }
    } catch {
      delivery.lastStatus = null;
    }
    if (delivery.attempts >= this.settings.maxAttempts) {
      delivery.status = 'failed';
      return;
    }
    this.later(() => this.attempt(delivery), this.settings.retryBaseMs * 2 ** (delivery.attempts - 1));
  }
}

/**
 * POSTs `body` to `url` and answers the status, within 5 s. Through node:http(s), not fetch: the simulator runs
 * without V8's compilers (--jitless, scripts/service-args.mjs), which leaves no WebAssembly, and fetch's HTTP parser
 * (undici's llhttp) is WebAssembly.
 */
function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      { method: 'POST', headers: { ...headers, 'Content-Length': Buffer.byteLength(body) }, timeout: 5_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('the webhook took more than 5 s')));
    req.on('error', reject);
    req.end(body);
  });
}

/** PAYMENT_SIM_WEBHOOKS: "deliver" (default), "drop", or "delay:<ms>". */
export function parseWebhookMode(value: string | undefined): { mode: WebhookMode; delayMs: number } {
  if (!value || value === 'deliver') return { mode: 'deliver', delayMs: 0 };
  if (value === 'drop') return { mode: 'drop', delayMs: 0 };
  const delay = /^delay:(\d{1,7})$/.exec(value);
  if (delay) return { mode: 'delay', delayMs: Number(delay[1]) };
  throw new Error(`PAYMENT_SIM_WEBHOOKS must be deliver, drop or delay:<ms>, got "${value}"`);
}
