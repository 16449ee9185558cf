/** Vite aliases to React Router's production build (for `vite build`; dev and tests keep the development one). */
export function reactRouterProduction(): { find: RegExp; replacement: string }[];
