// Compiles the server to one JavaScript file (dist/server.js) for production: `npm start` runs it with plain
// node, not TypeScript through tsx, so start-up compiles nothing and holds no compiler in memory (issue 44).
// The workspace's domain package is TypeScript source and is bundled in; every other package stays an import
// of node_modules (native addons, WASM and data files such as PGlite's and sharp's load from where they are).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@crm/'));

await build({
  entryPoints: [path.join(serverRoot, 'src/server.ts')],
  outfile: path.join(serverRoot, 'dist/server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Subpaths (e.g. `drizzle-orm/pg-core`, `@signpdf/utils`) are external with their package.
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  logLevel: 'warning',
});
