import './app/app.css';

// A server-rendered page is whole without its scripts. They are asked for once its pictures are in (or
// after a second at most), so that on a slow connection the page's largest picture does not share the
// line with the app's JavaScript. A page the browser renders itself needs them at once.
const serverRendered = document.getElementById('__APOLLO_STATE__') !== null;

function boot() {
  // The server names the page's own chunks; they load beside the app instead of after it.
  const chunks = JSON.parse(document.getElementById('__PAGE_CHUNKS__')?.textContent ?? '[]') as string[];
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
  void import('./boot');
}

if (import.meta.env.MODE === 'mock') {
  // npm run dev:mock (compiled out of every build): the mock api answers before the app asks anything.
  void import('./mocks/browser').then((mock) => mock.startMockApi()).then(boot);
} else if (!serverRendered || document.readyState === 'complete') {
  boot();
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
