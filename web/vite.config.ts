import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// In development the SPA runs on Vite and talks to the gateway (npm start or npm run dev) at :4000.
const gateway = 'http://127.0.0.1:4000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/graphql': gateway, '/api/images': gateway, '/payment-simulator': gateway },
  },
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 600 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
