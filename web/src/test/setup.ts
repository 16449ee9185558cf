import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait up to 5 s for what a loaded machine renders late (a lazy page's first import), not the
// library's default of 1 s; what never comes still fails.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
