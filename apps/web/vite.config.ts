import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = 'http://localhost:3000';

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every script and stylesheet of the
 * build, once, at build time: the server sends the copy the browser accepts (@fastify/static preCompressed)
 * without compressing on each request. A copy is written only where it is smaller: even a 300-byte chunk
 * saves a third on the wire, and the login route loads a dozen of them.
 */
function precompress(): Plugin {
  return {
    name: 'crm-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const body = fs.readFileSync(file);
        const brotli = brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        const gzip = gzipSync(body, { level: 9 });
        if (brotli.length < body.length) fs.writeFileSync(`${file}.br`, brotli);
        if (gzip.length < body.length) fs.writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

/**
 * Puts the staff app's own stylesheet (the app shell, the theme, antd-mobile's variables: under 9 KB) inside
 * index.html instead of linking it: a linked stylesheet blocks the first paint for one more round trip, which
 * on a slow phone network is the largest part of the first paint. The page's CSP allows inline styles
 * (antd-mobile needs them), not inline scripts. The file stays in assets/ for anything still linking it.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'crm-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle || !context.path.endsWith('/index.html')) return html;
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (link, fileName: string) => {
            const asset = bundle[fileName];
            if (asset?.type !== 'asset') return link;
            const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
            return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
          },
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), inlineEntryCss(), precompress()],
  resolve: {
    // npm hoisted React 18 to the repo root for antd-mobile's peers; every package must share this
    // app's React 19, or hooks break with two copies of React.
    dedupe: ['react', 'react-dom'],
    // antd-mobile's default renderer is replaced at start (src/app/antd-default-render.ts says why).
    alias: [
      {
        find: /^rc-util\/lib\/React\/render$/,
        replacement: fileURLToPath(new URL('./src/app/antd-default-render.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/common': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Every browser the app supports preloads modules itself (Chromium WebViews, Safari 17+); the polyfill was one
    // more request on the login route's budget, and an older Safari only loses the head start, not the page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The staff app, and the visitor pages of /activity and /interface (decision 056) on their own light entry.
      input: { main: 'index.html', activity: 'activity.html' },
      treeshake: {
        // packages/domain is pure (no side effects on import) but does not say so in its package.json;
        // without this, importing one helper from a subpath keeps its zod schemas (~20 KB gzipped) too.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
