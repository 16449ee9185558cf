// What the benchmarks under tests/bench drive: the real query code, not a copy of it.
export { type Db, openDb } from './db/connect.js';
export { migrateToLatest } from './db/migrate.js';
export { parseProductListQuery } from './products/list-query.js';
export { filtered, listProducts } from './products/repo.js';
export { facetCounts, searchProducts } from './products/search-results.js';
export { seedDemo } from './db/seed.js';
export { createApp } from './app.js';
export { createServices } from './services.js';
export { loadConfig } from './config/env.js';
export { createMailer } from './mail/mailer.js';
export { createRazorpayProvider } from './payments/provider.js';
