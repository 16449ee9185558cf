import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('gateway settings', () => {
  it('defaults to the local api, the simulator and the in-memory cache', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      shopApiUrl: 'http://127.0.0.1:4001/api',
      redisUrl: undefined,
      responseCache: true,
      production: false,
    });
    expect(config.razorpay).toMatchObject({ simulated: true, simulatorUrl: 'http://127.0.0.1:4002' });
  });

  it('refuses to start in production without Razorpay keys, and names bad variables', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/RAZORPAY_KEY_ID \(the payment simulator never runs in production\)/);
    // The key secret is the api's alone: the gateway needs only the widget's public key.
    expect(loadConfig({ NODE_ENV: 'production', RAZORPAY_KEY_ID: 'rzp_live_x' }).razorpay).toEqual({
      keyId: 'rzp_live_x',
      simulated: false,
      simulatorUrl: 'http://127.0.0.1:4002',
    });
    expect(() => loadConfig({ PORT: 'x', REDIS_URL: 'http://nope', SHOP_EMAIL: 'nope' })).toThrow(/PORT[\s\S]*REDIS_URL[\s\S]*SHOP_EMAIL/);
  });

  it('reads CORS origins and the shop details', () => {
    const config = loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example', SHOP_PHONE: '+91 1', SHOP_EMAIL: 'x@y.in' });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.shop).toMatchObject({ phone: '+91 1', email: 'x@y.in', timeZone: 'Asia/Kolkata' });
  });

  it('tells dates in the shop time zone it is given, and names a zone that does not exist', () => {
    expect(loadConfig({ SHOP_TIME_ZONE: 'Asia/Dubai' }).shop.timeZone).toBe('Asia/Dubai');
    expect(() => loadConfig({ SHOP_TIME_ZONE: 'Mars/Olympus' })).toThrow(/SHOP_TIME_ZONE[\s\S]*IANA time zone/);
    expect(() => loadConfig({ SHOP_TIME_ZONE: 'Asia/Kolkat' })).toThrow(/SHOP_TIME_ZONE/);
  });
});
