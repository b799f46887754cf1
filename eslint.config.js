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

/** TypeScript the workspaces' tsconfigs cover; root tool configs are outside every project. */
const TYPED = ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'e2e/**/*.ts'];

const FEATURES = fs.readdirSync(new URL('./apps/web/src/features/', import.meta.url));
const SERVER_MODULES = fs.readdirSync(new URL('./apps/server/src/modules/', import.meta.url));

/**
 * The import boundary of one server module. Tests are left out: they build any module's rows through the
 * factories and tables directly, and assert only what a client sees.
 */
function moduleBoundary(module) {
  const dir = `apps/server/src/modules/${module}`;
  const others = SERVER_MODULES.filter((other) => other !== module);
  const web = { group: ['**/web/**', '@crm/web*'], message: 'The server does not import the web.' };
  const otherModules = {
    group: others.flatMap((other) => [
      `../${other}/**`,
      `!../${other}/index.ts`,
      `**/modules/${other}/**`,
      `!**/modules/${other}/index.ts`,
    ]),
    message: `Another module is reached only through its public index.ts (docs/decisions/041).`,
  };
  const ownSchemas = [...new Set([module, 'staff'])];
  const otherSchemas = {
    group: ['**/db/schema/**', ...ownSchemas.map((name) => `!**/db/schema/${name}.ts`)],
    message: `${module} imports its own schema and db/schema/staff.ts (the shared org kernel) only; another module's tables are reached through that module's index.ts (docs/decisions/041).`,
  };
  const rule = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  return [
    {
      files: [`${dir}/**/*.ts`],
      ignores: ['**/*.repository.ts', '**/index.ts', '**/*.test.ts'],
      rules: rule(
        {
          group: ['**/db/*', '**/db/**'],
          message: "Only repositories (and the module's index.ts) touch db/ (STYLE.md).",
        },
        otherModules,
        web,
      ),
    },
    { files: [`${dir}/**/*.repository.ts`, `${dir}/index.ts`], rules: rule(otherSchemas, otherModules, web) },
  ];
}

/** `no-restricted-syntax` entries refusing a string or template that starts like `pattern` (a spelled API path). */
const spelledPaths = (pattern, instead) =>
  ['Literal[value=PATTERN]', 'TemplateElement[value.raw=PATTERN]'].map((selector) => ({
    selector: selector.replace('PATTERN', pattern),
    message: `${instead}, not a spelled path.`,
  }));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/drizzle/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Type-aware rules on every TypeScript file: floating promises, unsafe any, needless assertions.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: TYPED })),
  {
    files: TYPED,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Fastify handlers, adapters and fakes implement async interfaces; an async function without await is not a bug there.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any` by design.
    files: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Boundaries of STYLE.md, enforced on import paths.
  restrict(
    ['packages/domain/**'],
    ['**/apps/**', '@crm/server*', '@crm/web*', 'react', 'react-*', 'fastify*', 'drizzle-orm*', 'node:*'],
    'packages/domain is pure: it imports zod and nothing of the apps.',
  ),
  restrict(['apps/web/**'], ['**/server/**', '@crm/server*'], 'The web reaches the server only over HTTP.'),
  restrict(['apps/server/**'], ['**/web/**', '@crm/web*'], 'The server does not import the web.'),
  // Server modules (STYLE.md, docs/decisions/041): routes call services, services call repositories, only
  // repositories and the module's public index.ts touch db/; a module's db code imports its own schema file
  // and the shared org kernel (db/schema/staff.ts) only; another module is reached through its index.ts.
  ...SERVER_MODULES.flatMap((module) => moduleBoundary(module)),
  {
    // Time comes from the injected clock (apps/server/src/clock.ts), so no rule reads the machine's own.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/clock.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Read the time from the injected Clock (clock.ts).',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read the time from the injected Clock (clock.ts).',
        },
      ],
    },
  },
  // Issue 45 (a ratchet): a server module's Chinese messages live in its texts file. Add each file here as its
  // messages move there.
  {
    files: [
      'apps/server/src/modules/house/house.service.ts',
      'apps/server/src/modules/sign/sign.service.ts',
      'apps/server/src/modules/cases/consent.service.ts',
      'apps/server/src/modules/cases/consent.routes.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/[\\u4e00-\\u9fff]/]',
          message: "Put the message in the module's texts file (e.g. house.texts.ts).",
        },
        {
          selector: 'TemplateElement[value.raw=/[\\u4e00-\\u9fff]/]',
          message: "Put the message in the module's texts file (e.g. house.texts.ts).",
        },
      ],
    },
  },
  // Issue 45: the web calls the server only through the endpoint contracts (lib/send.ts, readQuery, endpointPages;
  // endpoint-refs where a page carries no zod), so no file spells an API path or types an answer by hand.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    // lib/api-client.ts is the fetch wrapper those calls go through. Tests are checked below.
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/lib/api-client.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...spelledPaths('/^\\/(api|common)\\//', 'Call the server through its endpoint contract (send / readQuery)'),
        {
          // Issue 45 point 4: one toast, lib/toast.ts's, light enough for the login page (toast-impl.ts says why).
          selector: "ImportDeclaration[source.value='antd-mobile'] > ImportSpecifier[imported.name='Toast']",
          message: 'Show a toast with showToast / showErrorToast (lib/toast.ts): the app has one toast.',
        },
        {
          // An answer typed by hand (`apiPost<unknown>`, `apiGet<{ id: number }>`) is not parsed by a contract.
          selector:
            'CallExpression[callee.name=/^api(Get|Post|PostJson|Create|Request)$/] > TSTypeParameterInstantiation > *',
          message: "Type the answer from the endpoint's response schema (send / readQuery), not by hand.",
        },
      ],
    },
  },
  // A test answers and inspects calls by endpoint (`on(E.x, …)`, `lastCall(E.x)`), its replies typed from the
  // response schema. A URL the server hands back (an image's, a signed download link, with its query) is data a
  // page shows, not a call. The fetch wrapper's own tests call it with paths.
  {
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    ignores: ['apps/web/src/lib/{api-client,api-query,upload}.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...spelledPaths(
          '/^\\/(api|common)\\/[\\w/-]*\\w$/',
          'Answer and inspect the call by its endpoint contract (on(E.x, …), lastCall(E.x))',
        ),
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
    settings: {
      'jsx-a11y': { components: { Button: 'button', Input: 'input', TextArea: 'textarea', SearchBar: 'input' } },
    },
  },
  ...FEATURES.map((feature) =>
    restrict(
      [`apps/web/src/features/${feature}/**`],
      FEATURES.filter((other) => other !== feature).flatMap((other) => [
        `**/features/${other}/**`,
        `../${other}/**`,
        `../../${other}/**`,
        `../../../${other}/**`,
      ]),
      'A feature never imports another feature (STYLE.md).',
    ),
  ),
);
