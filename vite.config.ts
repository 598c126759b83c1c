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

// Issue #22: Excalidraw's fonts, served by Tripmates itself (the Content-Security-Policy allows
// no CDN): copied into the build, and served from node_modules while developing. The editor
// points Excalidraw at them (app/features/whiteboard/excalidrawAssets.ts).
const EXCALIDRAW_FONTS = path.resolve('node_modules/@excalidraw/excalidraw/dist/prod/fonts');
const EXCALIDRAW_FONTS_URL = '/excalidraw/fonts';

// Excalidraw lists a CDN after the path it is given; the browser checks every source of a font
// against the CSP when the font is made, so each of its ~230 fonts logged a refusal. The build
// points that last source at the same copy.
const EXCALIDRAW_CDN_FALLBACK =
  /("ASSETS_FALLBACK_URL",\s*)`https:\/\/esm\.sh\/.*?\/dist\/prod\/`/s;

function excalidrawFonts(): Plugin {
  return {
    name: 'tripmates:excalidraw-fonts',
    transform(code, id) {
      if (!id.includes('@excalidraw/excalidraw/dist/') || !code.includes('ASSETS_FALLBACK_URL')) {
        return null;
      }
      const local = code.replace(
        EXCALIDRAW_CDN_FALLBACK,
        `$1\`\${window.location.origin}${EXCALIDRAW_FONTS_URL.replace(/fonts$/, '')}\``,
      );
      if (local === code)
        this.error('Excalidraw changed its font CDN fallback: see vite.config.ts');
      return { code: local, map: null };
    },
    async writeBundle(options) {
      const target = path.join(options.dir ?? '', EXCALIDRAW_FONTS_URL);
      await fs.promises.cp(EXCALIDRAW_FONTS, target, { recursive: true });
    },
    configureServer(server) {
      server.middlewares.use(EXCALIDRAW_FONTS_URL, (request, response, next) => {
        const file = path.join(
          EXCALIDRAW_FONTS,
          decodeURIComponent(request.url?.split('?')[0] ?? ''),
        );
        if (!file.startsWith(`${EXCALIDRAW_FONTS}${path.sep}`) || !fs.existsSync(file))
          return next();
        response.setHeader('content-type', 'font/woff2');
        fs.createReadStream(file).pipe(response);
      });
    },
  };
}

// The client lives in app/; the server serves the build from dist/client. In development
// (`npm run dev`) Vite serves the client and forwards /api to the server on port 3000.
export default defineConfig({
  root: 'app',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress(), excalidrawFonts()],
  resolve: { alias: { '@': new URL('./app', import.meta.url).pathname } },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // The whiteboard's editor (Excalidraw, issue #22) is one large chunk, loaded only when a
    // whiteboard is opened; the first load's budget is measured by bench/scripts.ts instead.
    chunkSizeWarningLimit: 2500,
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
