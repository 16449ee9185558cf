// React Router's package exports only its development build (warnings, invariants and their messages on:
// remix-run/react-router#12532, #14102); it ships the production one beside it, in dist/production. The
// storefront's and the back office's builds resolve `react-router` and `react-router/dom` there.
import { createRequire } from 'node:module';
import path from 'node:path';

/** Vite aliases to React Router's production build (for `vite build`; dev and tests keep the development one). */
export function reactRouterProduction() {
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router')), '../production');
  return [
    { find: /^react-router$/, replacement: `${dir}/index.mjs` },
    { find: /^react-router\/dom$/, replacement: `${dir}/dom-export.mjs` },
  ];
}
