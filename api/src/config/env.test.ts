import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'digitic-env-'));

describe('api settings', () => {
  it('defaults to PGlite, the simulator and a persisted development secret', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(4001);
    expect(config.razorpay).toMatchObject({ simulated: true, apiUrl: 'http://127.0.0.1:4002' });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('stops a production start without JWT_SECRET or Razorpay keys, naming them', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() });
    } catch (err) {
      expect((err as Error).message).toContain('JWT_SECRET');
      expect((err as Error).message).toContain('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
    }
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's' }),
    ).toThrow(/RAZORPAY_WEBHOOK_SECRET/);
    const ok = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'whsec-of-the-dashboard',
    });
    expect(ok.razorpay).toMatchObject({ simulated: false, apiUrl: 'https://api.razorpay.com' });
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ API_PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' })).toThrow(
      /API_PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET/,
    );
  });
});
