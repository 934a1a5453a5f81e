import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
// Relative import: the config loader bundles it (Node cannot load the package's .ts entry).
import { DEFAULT_API_PREFIX } from '../shared/src/limits.ts';

// The dev server forwards the gateway prefix to the local API server (DESIGN §2).
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_');
  const prefix = env.VITE_API_PREFIX || DEFAULT_API_PREFIX;
  return {
    base: '/',
    plugins: [react()],
    // exceljs (~930 kB) is its own chunk, loaded only when a list is exported
    build: { outDir: 'dist', manifest: true, chunkSizeWarningLimit: 1000 },
    server: {
      // uploaded files are served outside the API prefix (GET /files/<key>)
      proxy: { [prefix]: { target: 'http://localhost:8080', changeOrigin: true }, '/files': { target: 'http://localhost:8080', changeOrigin: true } },
    },
  };
});
