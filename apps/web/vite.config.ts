import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.LEA_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/download-file': api, '/inline-file': api, '/health': api },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 900 },
});
