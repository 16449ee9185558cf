import './app/app.css';

// A server-rendered page is whole without its scripts. They are asked for once its pictures are in (or
// after a second at most), so that on a slow connection the page's largest picture does not share the
// line with the app's JavaScript. A page the browser renders itself needs them at once.
const serverRendered = document.getElementById('__APOLLO_STATE__') !== null;

function boot() {
  // The server names the app's chunks and the page's own: they are asked for at once, together.
  const chunks = JSON.parse(document.getElementById('__PAGE_CHUNKS__')?.textContent ?? '[]') as string[];
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
  // They are evaluated in turn, each in a task of its own (one task for all would hold the main thread for
  // the time of all): React, then the other libraries (Apollo Client, React Router; web/vite.config.ts puts
  // them in one chunk), then the app, which hydrates the page (src/boot.tsx).
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  void import('react-dom/client')
    .then(nextTask)
    .then(() => import('@apollo/client/react/context/ApolloProvider.js'))
    .then(nextTask)
    .then(() => import('./boot'));
}

if (import.meta.env.MODE === 'mock') {
  // npm run dev:mock (compiled out of every build): the mock api answers before the app asks anything.
  void import('./mocks/browser').then((mock) => mock.startMockApi()).then(boot);
} else if (!serverRendered) {
  boot();
} else if (document.readyState === 'complete') {
  // In a task of its own, not in this module's.
  setTimeout(boot, 0);
} else {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    boot();
  };
  window.addEventListener('load', once, { once: true });
  setTimeout(once, 1000);
}
