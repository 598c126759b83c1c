import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client lives in app/; the server serves the build from dist/client. In development
// (`npm run dev`) Vite serves the client and forwards /api to the server on port 3000.
export default defineConfig({
  root: 'app',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': new URL('./app', import.meta.url).pathname } },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
});
