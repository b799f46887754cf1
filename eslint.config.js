import fs from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** An ESLint block forbidding imports that match `patterns` in `files`. */
const restrict = (files, patterns, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] },
});

const FEATURES = fs.readdirSync(new URL('./apps/web/src/features/', import.meta.url));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/drizzle/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Boundaries of STYLE.md, enforced on import paths.
  restrict(['packages/domain/**'], ['**/apps/**', '@crm/server*', '@crm/web*', 'react', 'react-*', 'fastify*', 'drizzle-orm*', 'node:*'], 'packages/domain is pure: it imports zod and nothing of the apps.'),
  restrict(['apps/web/**'], ['**/server/**', '@crm/server*'], 'The web reaches the server only over HTTP.'),
  restrict(['apps/server/**'], ['**/web/**', '@crm/web*'], 'The server does not import the web.'),
  {
    // Routes call services, services call repositories: only repositories touch db/ (STYLE.md).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/db/*', '**/db/**', '**/web/**', '@crm/web*'], message: 'Only repositories touch db/, and the server does not import the web.' }] }],
    },
  },
  {
    // Time comes from the injected clock (apps/server/src/clock.ts), so no rule reads the machine's own.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/clock.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Read the time from the injected Clock (clock.ts).' },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Read the time from the injected Clock (clock.ts).' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Accessibility of the JSX we write; antd-mobile renders its own roles and labels, which this cannot see.
  {
    ...jsxA11y.flatConfigs.recommended,
    files: ['apps/web/**/*.tsx'],
    // antd-mobile's form controls render these DOM elements; mapped, the rules check our props on them too.
    settings: { 'jsx-a11y': { components: { Button: 'button', Input: 'input', TextArea: 'textarea', SearchBar: 'input' } } },
  },
  ...FEATURES.map((feature) =>
    restrict(
      [`apps/web/src/features/${feature}/**`],
      FEATURES.filter((other) => other !== feature).flatMap((other) => [`**/features/${other}/**`, `../${other}/**`, `../../${other}/**`, `../../../${other}/**`]),
      'A feature never imports another feature (STYLE.md).',
    ),
  ),
);
