// The shell's stylesheet, in five files taken in this order (one file in the build, inlined in every server-rendered page).
import './app/app.css';
import './app/header.css';
import './app/catalogue.css';
import './app/footer.css';
import './app/phone.css';

// A server-rendered page is whole without its scripts. They are asked for once its pictures are in (or
// after a second at most), so that on a slow connection the page's largest picture does not share the
// line with the app's JavaScript. A page the browser renders itself needs them at once.
const serverRendered = document.getElementById('__APOLLO_STATE__') !== null;

/** Asks for chunks ahead of their import: each a link, and a request started on the main thread. */
function preload(chunks: string[]) {
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
}

function boot() {
  // The server names the app's chunks and the page's own: they are asked for at once (the app's in this
  // task, the page's in the next), and evaluated in turn.
  const chunks = JSON.parse(document.getElementById('__PAGE_CHUNKS__')?.textContent ?? '{}') as { app?: string[]; page?: string[] };
  preload(chunks.app ?? []);
  setTimeout(() => preload(chunks.page ?? []), 0);
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
} else {
  // In a task of its own: not in this module's, nor in the load event's (the page's own work ends there).
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    setTimeout(boot, 0);
  };
  if (document.readyState === 'complete') once();
  else {
    window.addEventListener('load', once, { once: true });
    setTimeout(once, 1000);
    // But a shopper who taps a button before then wants the app now (the tap is kept meanwhile:
    // gateway/src/web/early-taps.ts), and one who touches the page is about to.
    if ((window as { __earlyTaps?: unknown[] }).__earlyTaps?.length) once();
    document.addEventListener('digitic:tap', once, { once: true });
    document.addEventListener('pointerdown', once, { once: true, capture: true, passive: true });
  }
}
