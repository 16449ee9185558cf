// Prints the gzipped JavaScript each storefront route loads: the entry chunk, plus the route's lazy
// chunk and everything it imports statically. Reads web/dist/.vite/manifest.json (npm run build first).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gz = new Map();
const size = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return gz.get(file);
};
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entry = closure(entryKey);
const routes = {
  '/ (home), not found': null,
  '/product (store)': 'src/features/catalog/store-page.tsx',
  '/product/{id}': 'src/features/product/product-page.tsx',
  '/blogs, /blog/{id}': 'src/features/blog/blogs-page.tsx',
  '/contact': 'src/features/contact/contact-page.tsx',
  'about, best-sellers, support, compare, policies': 'src/features/pages/static-pages.tsx',
  '/login, /signup, /forgot-password, /reset-password': 'src/features/account/auth-pages.tsx',
  '/my-profile': 'src/features/account/profile-page.tsx',
  '/cart': 'src/features/cart/cart-page.tsx',
  '/checkout': 'src/features/checkout/checkout-page.tsx',
  '/my-orders': 'src/features/orders/orders-page.tsx',
  '/wishlist': 'src/features/wishlist/wishlist-page.tsx',
};
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
console.log('route'.padEnd(50), 'gzipped JS');
for (const [route, key] of Object.entries(routes)) {
  const files = new Set(entry);
  if (key) for (const f of closure(key)) files.add(f);
  const total = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + size(f), 0);
  console.log(route.padEnd(50), kb(total));
}
const css = Object.values(manifest).flatMap((c) => c.css ?? []);
console.log('CSS (all routes)'.padEnd(50), kb([...new Set(css)].reduce((s, f) => s + size(f), 0)));
