let markLive: () => void = () => {};
const live = new Promise<void>((resolve) => {
  markLive = resolve;
});

/** Resolves once the page is live: hydrated, or first rendered in the browser (app/layout.tsx says so). */
export const whenAppLive = (): Promise<void> => live;

/** Called by the layout's first effect. */
export function markAppLive(): void {
  markLive();
}
