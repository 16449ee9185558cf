declare global {
  interface Window {
    /** Buttons tapped before the app started, kept by the page's inline early-taps script (gateway/src/web/early-taps.ts). */
    __earlyTaps?: HTMLButtonElement[];
    /** Set once React listens for events: the early-taps script then leaves taps to it. */
    __appListening?: boolean;
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
 * page now has it (hydration keeps the server's elements). A button that is gone or disabled is let be.
 */
export function replayEarlyTaps(): void {
  const taps = window.__earlyTaps?.splice(0) ?? [];
  for (const button of taps) {
    button.removeAttribute('aria-busy');
    if (button.isConnected && !button.disabled) button.click();
  }
}

/** Called by the layout's first effect. */
export function markAppLive(): void {
  markLive();
  replayEarlyTaps();
}
