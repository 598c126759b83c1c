import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes .br and .gz beside every text asset once, at maximum compression, so the server sends
 * them as they are instead of compressing the same bytes on every request.
 */
function precompress(): Plugin {
  return {
    name: 'tripmates:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      const files = Object.keys(bundle).filter((file) => /\.(js|css|html|svg|json)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await fs.promises.readFile(path.join(dir, file));
          if (source.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzip(source, { level: 9 }),
          ]);
          await fs.promises.writeFile(path.join(dir, `${file}.br`), br);
          await fs.promises.writeFile(path.join(dir, `${file}.gz`), gz);
        }),
      );
    },
  };
}

// The client lives in app/; the server serves the build from dist/client. In development
// (`npm run dev`) Vite serves the client and forwards /api to the server on port 3000.
export default defineConfig({
  root: 'app',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': new URL('./app', import.meta.url).pathname } },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Chunks other than the entry go by hash: the first chunk lists every lazy chunk's file
        // (to preload a page's chunks together), and their readable names cost it 0.6 KB of gzip.
        chunkFileNames: 'assets/c-[hash].js',
        codeSplitting: {
          // Everything the first page statically needs in one chunk: left to itself the bundler
          // splits modules the lazy pages share into several small chunks, and separately
          // gzipped files cost the landing page ~2 KB of its 100 KB JavaScript budget.
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
});
