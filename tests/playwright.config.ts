import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { LAUNCHER_ARGS } from '../scripts/service-args.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './bench/shop-process';

// One real stack for the run: payment simulator, api on a fresh embedded database, gateway serving the built app.
const ports = { shop: 4700, api: 4701, sim: 4702 };
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'digitic-e2e-'));

export const SHOP_URL = `http://127.0.0.1:${ports.shop}`;
/** The journey that enrols the first owner by the start-up banner's link (back-office.spec.ts). */
const FIRST_OWNER = /banner link makes the first owner/;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two browsers at a time, in CI too: a journey spends most of its time waiting (typing key by key, the server's
  // answer), so two overlap on a 2-core machine (7.3 min against 12.4 for one at a time, 161 journeys, 2026-11-28).
  // Every journey makes its own customer, staff member and records, so none waits on another's.
  workers: 2,
  retries: 0,
  // Journeys of several pages on a shared 2-core machine: generous, since a slow run is not a failure; speed is the
  // benches' to judge. A waited-for outcome fails after `expect`'s 8 s; an action (a click, a page load) waits up to
  // this timeout. At 60 s, the longest journeys (a desk's many steps, two enrolments and nine sign-ins) passed on a
  // quiet machine and failed on a loaded one: three landings in a row found one.
  timeout: 120_000,
  expect: { timeout: 8_000 },
  reporter: [['list']],
  projects: [
    // The fresh shop's first owner enrols by the start-up banner's link before any journey makes an owner
    // another way: from then on that link is void, as it must be.
    {
      name: 'first owner',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 } },
      testMatch: /back-office\.spec\.ts/,
      grep: FIRST_OWNER,
    },
    {
      name: 'desktop',
      // A laptop (1366 × 768, the commonest laptop screen) in another time zone than the server's and the shop's
      // (Asia/Kolkata): dates must read the same.
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 }, timezoneId: 'America/New_York' },
      testIgnore: [/phone\.spec\.ts/, /fits-screen\.spec\.ts/, /shop-details\.spec\.ts/],
      grepInvert: FIRST_OWNER,
      dependencies: ['first owner'],
    },
    {
      // A phone-sized screen (390 × 844, touch): what a phone changes. Every shopper journey that runs here runs on the
      // laptop too; the back office's screens are each checked here (axe, the screen's width, the menu, a staff member's
      // second factor), while its desk flows (the order desk, catalogue, coupons, content, reports, confirmations) are
      // the same logic on both widths and run once, on the laptop (CONTRIBUTING.md names them).
      name: 'phone',
      // A shopper in India on a phone; the server runs in UTC.
      use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, timezoneId: 'Asia/Kolkata' },
      testMatch: [
        /phone\.spec\.ts/,
        /fits-screen\.spec\.ts/,
        /shopping\.spec\.ts/,
        /dark-patterns\.spec\.ts/,
        /disclosures\.spec\.ts/,
        /policies\.spec\.ts/,
        /complaints\.spec\.ts/,
        /my-data\.spec\.ts/,
        /search\.spec\.ts/,
        /server-rendering\.spec\.ts/,
        /staff-factors\.spec\.ts/,
        /back-office-navigation\.spec\.ts/,
        /back-office-screens\.spec\.ts/,
      ],
      grepInvert: FIRST_OWNER,
      dependencies: ['first owner'],
    },
    // The shop's own details change what every page says of the shop: changed last, once every other journey is done.
    {
      name: 'shop details',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 }, timezoneId: 'America/New_York' },
      testMatch: /shop-details\.spec\.ts/,
      dependencies: ['desktop', 'phone'],
    },
    {
      name: 'shop details on a phone',
      use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, timezoneId: 'Asia/Kolkata' },
      testMatch: /shop-details\.spec\.ts/,
      dependencies: ['shop details'],
    },
  ],
  use: {
    baseURL: SHOP_URL,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
    trace: 'off',
  },
  webServer: {
    // Its output is kept in the run's data folder: the back-office journey reads the first owner's link from the start-up banner.
    command: `node ${LAUNCHER_ARGS.join(' ')} scripts/start.mjs > ${JSON.stringify(path.join(process.env.E2E_DATA_DIR, 'shop.log'))}`,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${ports.api}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      SKIP_BUILD: '1',
      PORT: String(ports.shop),
      API_PORT: String(ports.api),
      PAYMENT_SIM_PORT: String(ports.sim),
      DATA_DIR: process.env.E2E_DATA_DIR,
      WEB_URL: SHOP_URL,
      PUBLIC_URL: SHOP_URL,
      SHOP_PHONE: '+971 4 555 0100',
      SHOP_EMAIL: 'care@digitic.test',
      // As in production: the web app must send only its trusted documents, so every journey proves it does.
      TRUSTED_DOCUMENTS: 'web',
      // Every journey signs up its own customer, all from loopback.
      SIGNUP_LIMIT_PER_CLIENT: '100000',
      // And writes to the contact form (the limit's own test is the api's).
      ENQUIRY_LIMIT_PER_CLIENT: '100000',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  },
});
