// The gateway's Redis-backed stores, loaded only when REDIS_URL is set: the GraphQL response cache and the
// sign-in attempt counter that several gateways share.
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import { KeyvAdapter } from '@apollo/utils.keyvadapter';
import KeyvRedis from '@keyv/redis';
import { createClient } from '@redis/client';
import { Keyv } from 'keyv';
import type { HitCounter } from './throttle.js';

/** The response cache in Redis, under its own namespace. */
export function redisCache(url: string, namespace: string): KeyValueCache<string> {
  return new KeyvAdapter(new Keyv({ store: new KeyvRedis(url), namespace }) as never);
}

const RELEASE =
  "if redis.call('get', KEYS[1]) and tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end return 0";

export async function redisCounter(url: string, prefix = 'digitic:throttle:'): Promise<HitCounter> {
  const client = createClient({ url, socket: { reconnectStrategy: (retries) => Math.min(retries * 100, 2_000) } });
  // A lost connection is retried by the client; until it is back, calls fail and the caller decides.
  client.on('error', () => {});
  await client.connect();
  const k = (key: string) => prefix + key;
  return {
    async hit(key, windowMs) {
      const [hits] = await client.multi().incr(k(key)).pExpire(k(key), windowMs, 'NX').exec();
      return Number(hits);
    },
    async count(key) {
      return Number((await client.get(k(key))) ?? 0);
    },
    async release(key) {
      // Only a live window is given a hit back: a DECR on a key that expired meanwhile would make one with no end.
      await client.eval(RELEASE, { keys: [k(key)] });
    },
    async clear(key) {
      await client.del(k(key));
    },
    async remainingMs(key) {
      return Math.max(0, Number(await client.pTTL(k(key))));
    },
    async close() {
      await client.quit().catch(() => {});
    },
  };
}
