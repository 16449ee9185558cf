/**
 * How many pages one gateway renders at once (SSR_CONCURRENCY), and how many wait their turn. A render is
 * CPU (React) between the api's answers: sixteen at once on two cores each take sixteen times as long, so
 * their api calls time out together and every one of them fails. In turn, each takes its usual time.
 * A page that waits longer than `maxWaitMs`, or finds the line full, is not rendered here: the caller sends
 * the app shell, which the browser renders (the page is not lost, only not server-rendered).
 */
export function renderGate(options: { concurrency: number; maxWaiting: number; maxWaitMs: number }) {
  let running = 0;
  const waiting: { admit: () => void; refuse: () => void }[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next.admit();
    else running -= 1;
  };

  return {
    /** Resolves to a `done` to call when the render is over, or null: not rendered here (line full, waited too long, gone). */
    enter(signal?: AbortSignal): Promise<(() => void) | null> {
      if (running < options.concurrency) {
        running += 1;
        return Promise.resolve(once(release));
      }
      if (waiting.length >= options.maxWaiting || signal?.aborted) return Promise.resolve(null);
      return new Promise((resolve) => {
        const turn = {
          // The place is handed over as it is (running stays as it was).
          admit: () => {
            cleanup();
            resolve(once(release));
          },
          refuse: () => {
            cleanup();
            const at = waiting.indexOf(turn);
            if (at >= 0) waiting.splice(at, 1);
            resolve(null);
          },
        };
        const timer = setTimeout(turn.refuse, options.maxWaitMs);
        const cleanup = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', turn.refuse);
        };
        signal?.addEventListener('abort', turn.refuse, { once: true });
        waiting.push(turn);
      });
    },
    /** Renders under way and waiting (for the metrics and the tests). */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}

export type RenderGate = ReturnType<typeof renderGate>;

const once = (f: () => void) => {
  let called = false;
  return () => {
    if (called) return;
    called = true;
    f();
  };
};
