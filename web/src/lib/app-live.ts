declare global {
  interface Window {
    /**
     * Buttons tapped before the app started, kept by the page's inline early-taps script with what undoes the
     * answer it gave at once (gateway/src/web/early-taps.ts).
     */
    __earlyTaps?: { button: HTMLButtonElement; undo: (() => void) | null }[];
    /** Set once React listens for events: the early-taps script then leaves taps to it, once none waits. */
    __appListening?: boolean;
    /** Set while the app clicks a kept tap's button: the early-taps script lets that click through. */
    __replayingTap?: boolean;
  }
}

let markLive: () => void = () => {};
const live = new Promise<void>((resolve) => {
  markLive = resolve;
});

/** Resolves once the page is live: hydrated, or first rendered in the browser (app/layout.tsx says so). */
export const whenAppLive = (): Promise<void> => live;

/** React is about to hydrate or render: from now on it answers taps itself (src/boot.tsx). */
export function markAppListening(): void {
  window.__appListening = true;
}

/**
 * Carries out the taps the shopper made before the app started, in order, each on its own button as the
 * page now has it (hydration keeps the server's elements): the early answer is undone and the button
 * clicked, so the app's state makes the change itself. A button that is gone or disabled is let be. Each
 * in a task of its own, out of React's effects: the app commits one tap (a colour chosen) before the next
 * (Add to Cart) reads it. A tap is taken off the line once carried out, so a tap made meanwhile joins the
 * line behind it (gateway/src/web/early-taps.ts) rather than overtaking it.
 */
export function replayEarlyTaps(): void {
  const taps = window.__earlyTaps;
  if (!taps?.length) return;
  const next = () => {
    const tap = taps[0];
    if (!tap) return;
    tap.undo?.();
    if (tap.button.isConnected && !tap.button.disabled) {
      window.__replayingTap = true;
      try {
        tap.button.click();
      } finally {
        window.__replayingTap = false;
      }
    }
    taps.shift();
    if (taps.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

/** Called by the layout's first effect. */
export function markAppLive(): void {
  markLive();
  replayEarlyTaps();
}
