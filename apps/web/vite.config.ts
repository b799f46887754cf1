import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { ROUTE_TABLE } from './src/app/routes/route-table.ts';
import { PRE_PAINT_SCRIPT } from './src/lib/pre-paint-script.ts';
import { OFFLINE_READS, SESSION_PATHS } from './src/sw/offline-reads.ts';

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

/**
 * The head both built pages share, written once: index.html (the staff app) and activity.html (the visitors'
 * pages) keep only their title (and index.html the mode tag the server fills in). The phone viewport with the
 * notch's safe areas, no phone-number links in text, a white browser bar, and no favicon request.
 */
function phoneHead(): Plugin {
  const first = (tag: string, attrs: Record<string, string>) => ({ tag, attrs, injectTo: 'head-prepend' as const });
  return {
    name: 'crm-phone-head',
    transformIndexHtml: () => [
      first('meta', { charset: 'UTF-8' }),
      first('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' }),
      first('meta', { name: 'format-detection', content: 'telephone=no' }),
      first('meta', { name: 'theme-color', content: '#ffffff' }),
      first('link', { rel: 'icon', href: 'data:,' }),
    ],
  };
}

/**
 * The staff app's 长辈版 and dark marks on <html> before anything paints (src/lib/display-mode.ts): a classic
 * inline script, which blocks nothing but its own few hundred bytes. The server's CSP allows it by its hash.
 */
function displayModes(): Plugin {
  return {
    name: 'crm-display-modes',
    transformIndexHtml: (_html, context) =>
      context.path.endsWith('/index.html') ? [{ tag: 'script', children: PRE_PAINT_SCRIPT, injectTo: 'head' }] : [],
  };
}

/** The core pages' own chunks (router.tsx imports them by name), and what every page or every signed-in page loads. */
const CORE_PAGE_MODULES: Record<string, string> = {
  '/': 'src/features/auth/pages/login-page.tsx',
  '/login': 'src/features/auth/pages/login-page.tsx',
  '/index': 'src/features/home/pages/home-page.tsx',
  '/calculator': 'src/features/calculator/pages/calculator-page.tsx',
};
const EVERY_PAGE_MODULE = 'src/app/antd-render.ts';
/** The section pages' table, which the router reads before it can send a section address to its page's chunk. */
const ROUTE_TABLE_MODULE = 'src/app/routes/route-table.ts';
const QUERY_LAYOUT_MODULE = 'src/app/provider.tsx';
/** The feature chunks' import map (router.tsx), which every section page's route loads before its chunk. */
const SECTION_IMPORTS_MODULE = 'src/app/routes/page-chunks.ts';
const OUTSIDE_QUERY_LAYOUT = new Set(['/', '/login', '/calculator']);

/**
 * Writes `route-preloads.json`: for each route pattern, the scripts and stylesheets its page's lazy chunk needs
 * (the chunk, what it imports, their CSS). The server lists them in the page it sends for that address as
 * `<link rel="modulepreload">` / `<link rel="preload" as="style">`, so the browser fetches them alongside the
 * main script instead of after it has been downloaded and run (on slow 4G, about a second later).
 */
function routePreloads(): Plugin {
  return {
    name: 'crm-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'main');
      if (!entry) return;
      // What index.html already loads (the entry and its static imports) is not announced again.
      const inPage = new Set([entry.fileName, ...entry.imports]);
      const byModule = new Map(
        chunks.flatMap((chunk) =>
          chunk.facadeModuleId ? [[path.relative(import.meta.dirname, chunk.facadeModuleId), chunk] as const] : [],
        ),
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // A module the bundler merged into another chunk is found among that chunk's modules.
      const chunkOf = (module: string) =>
        byModule.get(module) ??
        chunks.find((chunk) => chunk.moduleIds.some((id) => path.relative(import.meta.dirname, id) === module));
      const closure = (module: string): string[] => {
        const start = chunkOf(module);
        if (!start) throw new Error(`route-preloads: no chunk for ${module}`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = byFile.get(fileName);
          if (!chunk || inPage.has(fileName) || files.has(fileName)) return;
          files.add(fileName);
          chunk.imports.forEach(visit);
          chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
        };
        visit(start.fileName);
        return [...files];
      };
      const pageModules: Array<[pattern: string, module: string]> = [
        ...Object.entries(CORE_PAGE_MODULES),
        ...ROUTE_TABLE.flatMap(({ path: pattern, chunk }) =>
          chunk ? [[pattern, `src/app/routes/${chunk}.ts`] as [string, string]] : [],
        ),
      ];
      const routes = pageModules.map(([pattern, module]) => {
        const modules = [
          EVERY_PAGE_MODULE,
          module,
          ...(OUTSIDE_QUERY_LAYOUT.has(pattern) ? [] : [QUERY_LAYOUT_MODULE]),
          ...(pattern in CORE_PAGE_MODULES ? [] : [ROUTE_TABLE_MODULE, SECTION_IMPORTS_MODULE]),
        ];
        return [pattern, [...new Set(modules.flatMap(closure))]];
      });
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify({ routes }) });
    },
  };
}

/**
 * The service worker (src/sw/sw.ts, decision 082) as /sw.js: one classic script of its own, built once the app is
 * written, with the lists of reads it keeps taken from the endpoint contracts here, so it carries no contract.
 * At the site's root, so its scope is the whole app without a Service-Worker-Allowed header.
 */
function serviceWorker(): Plugin {
  return {
    name: 'crm-service-worker',
    apply: 'build',
    async writeBundle(options) {
      await build({
        configFile: false,
        logLevel: 'warn',
        root: import.meta.dirname,
        define: {
          __OFFLINE_READS__: JSON.stringify(OFFLINE_READS),
          __SESSION_PATHS__: JSON.stringify(SESSION_PATHS),
        },
        build: {
          outDir: options.dir ?? 'dist',
          emptyOutDir: false,
          copyPublicDir: false,
          minify: true,
          lib: { entry: 'src/sw/sw.ts', formats: ['iife'], name: 'crmServiceWorker', fileName: () => 'sw.js' },
        },
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), phoneHead(), displayModes(), inlineEntryCss(), routePreloads(), precompress(), serviceWorker()],
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
