import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

const SELLER = {
  SELLER_LEGAL_NAME: 'Pune Gadgets LLP',
  SELLER_ADDRESS: '12 FC Road, Pune 411004, Maharashtra',
  SELLER_STATE: 'Maharashtra',
  SELLER_GSTIN: '27aapfu0939f1zv',
};

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
    const settings = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'whsec-of-the-dashboard',
      ...SELLER,
    };
    // A mail server, or the outbox asked for by name: mail holds addresses, invoices and live reset links.
    expect(() => loadConfig(settings)).toThrow(/SMTP_URL \(the mail server the shop sends through.*or MAIL_OUTBOX=keep/);
    expect(() => loadConfig({ ...settings, MAIL_OUTBOX: 'yes' })).toThrow(/MAIL_OUTBOX is keep or unset/);
    expect(loadConfig({ ...settings, MAIL_OUTBOX: 'keep', OUTBOX_DAYS: '7' }).outboxDays).toBe(7);
    const ok = loadConfig({ ...settings, SMTP_URL: 'smtps://shop:secret@mail.example.com:465' });
    expect(ok.outboxDays).toBe(30);
    expect(ok.razorpay).toMatchObject({ simulated: false, apiUrl: 'https://api.razorpay.com' });
  });

  it('takes the seller a tax invoice names: demo details outside production, marked so; all four in production, checked', () => {
    const demo = loadConfig({ DATA_DIR: dataDir() }).seller;
    expect(demo).toMatchObject({ state: 'Gujarat', gstin: '24AAACD1234F1ZD', demo: true });
    expect(demo.legalName).toContain('demo details: not a real business');
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      RAZORPAY_KEY_ID: 'k',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'whsec-of-the-dashboard',
      MAIL_OUTBOX: 'keep',
    };
    expect(() => loadConfig({ ...production, DATA_DIR: dataDir() })).toThrow(
      'SELLER_LEGAL_NAME, SELLER_ADDRESS, SELLER_STATE, SELLER_GSTIN (the seller a tax invoice names: legal name, address, state and GSTIN)',
    );
    expect(loadConfig({ ...production, ...SELLER, SELLER_STATE: '27', DATA_DIR: dataDir() }).seller).toEqual({
      legalName: 'Pune Gadgets LLP',
      address: '12 FC Road, Pune 411004, Maharashtra',
      state: 'Maharashtra',
      gstin: '27AAPFU0939F1ZV',
      demo: false,
    });
    expect(() => loadConfig({ ...SELLER, SELLER_STATE: 'Gujarat', DATA_DIR: dataDir() })).toThrow(
      "SELLER_GSTIN starts with 27, but Gujarat's code is 24: a GSTIN is of the state it is registered in",
    );
    expect(() => loadConfig({ ...SELLER, SELLER_STATE: 'Atlantis', DATA_DIR: dataDir() })).toThrow(/SELLER_STATE is "Atlantis"/);
    expect(() => loadConfig({ ...SELLER, SELLER_GSTIN: '27AAPFU0939F1ZW', DATA_DIR: dataDir() })).toThrow(
      'SELLER_GSTIN: The GSTIN’s last character does not match: a character is mistyped',
    );
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ API_PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' })).toThrow(
      /API_PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET/,
    );
  });
});
