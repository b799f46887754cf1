import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // npm hoisted React 18 to the repo root for antd-mobile's peers; every package must share this
    // app's React 19, or hooks break with two copies of React.
    dedupe: ['react', 'react-dom'],
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
    rolldownOptions: {
      treeshake: {
        // packages/domain is pure (no side effects on import) but does not say so in its package.json;
        // without this, importing one helper from a subpath keeps its zod schemas (~20 KB gzipped) too.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
