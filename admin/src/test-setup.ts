import '@testing-library/jest-dom/vitest';

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
