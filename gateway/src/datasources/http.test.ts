import { describe, expect, it } from 'vitest';
import { apiPool } from './http.js';

describe('the apis of one gateway', () => {
  it('are taken in turn, leaving out one that refused or is stopping, and all again when every one is', () => {
    const pool = apiPool(['http://a/api', 'http://b/api/']);
    expect(pool.bases).toEqual(['http://a/api/', 'http://b/api/']);
    const turns = new Set([pool.next(), pool.next(), pool.next(), pool.next()]);
    expect(turns).toEqual(new Set(['http://a/api/', 'http://b/api/']));
    pool.leaveOut('http://a/api/');
    expect([pool.next(), pool.next(), pool.next()]).toEqual(['http://b/api/', 'http://b/api/', 'http://b/api/']);
    // A request already sent to b goes to the one left: a is tried rather than none.
    expect(pool.next(['http://b/api/'])).toBe('http://a/api/');
    expect(pool.next(['http://a/api/', 'http://b/api/'])).toBeUndefined();
    pool.welcomeBack('http://a/api/');
    expect(new Set([pool.next(), pool.next()])).toEqual(new Set(['http://a/api/', 'http://b/api/']));
  });
});
