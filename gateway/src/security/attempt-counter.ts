import type { GatewayConfig } from '../config/env.js';
import type * as RedisStores from './redis-stores.js';
import { AUTH_LIMITS, authThrottle, type HitCounter, memoryCounter } from './throttle.js';

/** Where sign-in, reset and sign-up attempts are counted: in Redis when the shop uses it (every gateway then shares the count), else in memory. */
export async function attemptCounter(config: GatewayConfig, redis: typeof RedisStores | null): Promise<HitCounter> {
  return redis && config.redisUrl ? await redis.redisCounter(config.redisUrl, `${config.redisPrefix}:throttle:`) : memoryCounter();
}

/** The shop's limits on those attempts, sign-ups per client as configured. */
export const shopThrottle = (config: GatewayConfig, counter: HitCounter) =>
  authThrottle(counter, {
    ...AUTH_LIMITS,
    registrationsPerClient: { ...AUTH_LIMITS.registrationsPerClient, limit: config.signupLimitPerClient },
  });
