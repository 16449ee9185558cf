import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built into dist/ and served by the gateway at /graphiql/ (GRAPHIQL, on outside production).
export default defineConfig({
  base: '/graphiql/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    // The editor (Monaco) is big by nature; this is a developer's tool, never part of a shopper's page.
    chunkSizeWarningLimit: 5000,
    rollupOptions: {
      // GraphiQL's modules open with "use no memo", a hint for the React compiler that a bundle has no use for.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  worker: { format: 'es' },
});
