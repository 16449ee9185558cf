import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s for what a loaded machine renders late (a lazy screen's first import), not the
// library's default of 1 s; what never comes still fails.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia: the kit (Mantine) asks it for the colour scheme and reduced motion. None matches here.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
