import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/drizzle/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Boundaries of STYLE.md: the domain imports no app; the server's and the web's layers point one way.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/domain', from: './apps', message: 'packages/domain is pure: it imports no app.' },
            { target: './apps/web', from: './apps/server', message: 'The web reaches the server only over HTTP.' },
            { target: './apps/server', from: './apps/web', message: 'The server does not import the web.' },
          ],
        },
      ],
    },
  },
  {
    // Routes call services, services call repositories: only repositories touch db/ (STYLE.md).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/db/*', '**/db/**'], message: 'Only repositories touch db/.' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/src/features/*/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: ['auth', 'home', 'calculator', 'placeholder'].map((feature) => ({
            target: `./apps/web/src/features/${feature}`,
            from: './apps/web/src/features',
            except: [`./${feature}`],
            message: 'A feature never imports another feature (STYLE.md).',
          })),
        },
      ],
    },
  },
);
