import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS, authThrottle, memoryCounter } from './throttle.js';

const wrong = () => Promise.reject(new GraphQLError('Invalid email or password', { extensions: { code: 'UNAUTHENTICATED' } }));
const fast = {
  ...AUTH_LIMITS,
  loginFailuresPerAccount: { limit: 2, windowMs: 80 },
  loginFailuresPerClient: { limit: 100, windowMs: 80 },
};

describe('the sign-in throttle', () => {
  it('locks an account only for its window: the owner signs in once it has passed', async () => {
    const throttle = authThrottle(memoryCounter(), fast);
    await expect(throttle.login('1.1.1.1', 'a@example.com', wrong)).rejects.toThrow('Invalid email or password');
    await expect(throttle.login('2.2.2.2', 'A@example.com ', wrong)).rejects.toThrow('Invalid email or password');
    await expect(throttle.login('3.3.3.3', 'a@example.com', async () => 'ok')).rejects.toMatchObject({
      extensions: { code: 'RATE_LIMITED' },
    });
    await new Promise((r) => setTimeout(r, 100));
    await expect(throttle.login('3.3.3.3', 'a@example.com', async () => 'ok')).resolves.toBe('ok');
  });

  it('forgets an account’s failures after a successful sign-in, and counts nothing but wrong passwords', async () => {
    const throttle = authThrottle(memoryCounter(), fast);
    await expect(throttle.login('1.1.1.1', 'b@example.com', wrong)).rejects.toThrow();
    await throttle.login('1.1.1.1', 'b@example.com', async () => 'ok');
    const down = () => Promise.reject(new GraphQLError('unreachable', { extensions: { code: 'UPSTREAM_UNAVAILABLE' } }));
    await expect(throttle.login('1.1.1.1', 'b@example.com', down)).rejects.toThrow('unreachable');
    await expect(throttle.login('1.1.1.1', 'b@example.com', wrong)).rejects.toThrow('Invalid email or password');
    await expect(throttle.login('1.1.1.1', 'b@example.com', async () => 'ok')).resolves.toBe('ok');
  });

  it('keeps a bounded number of windows in memory', async () => {
    const counter = memoryCounter(100);
    for (let i = 0; i < 1000; i++) await counter.hit(`k${i}`, 60_000);
    expect(await counter.count('k999')).toBe(1);
    expect(await counter.count('k0')).toBe(0);
  });
});
