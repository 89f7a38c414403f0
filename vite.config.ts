import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // No source maps in the served build: the server sends what the browser runs, nothing more.
  build: { outDir: 'dist', sourcemap: false },
  worker: { format: 'es' },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
