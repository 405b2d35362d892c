import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The client compiles shared/ from source so the math and types stay one copy.
    alias: { '@oddspulse/shared': fileURLToPath(new URL('../shared/src/index.ts', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/ops/queues': apiTarget, '/metrics': apiTarget, '/socket.io': { target: apiTarget, ws: true } },
  },
  // No source maps: served publicly they would hand out the whole client source (issue 17).
  build: { outDir: 'dist', sourcemap: false },
});
