import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The module boundary of docs/decisions/041 is enforced by eslint.config.js; this proves the rule bites,
 * by linting snippets as if they were files of a module.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
// Only the boundary rule, without type information: the typed rules would build the whole TypeScript program
// first (25 s of a loaded CI machine) for a rule that reads import paths.
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('module boundaries', () => {
  it.each([
    [
      "another module's schema in a repository",
      'apps/server/src/modules/money/money.repository.ts',
      "import { clients } from '../../db/schema/cases.ts';",
    ],
    [
      "another module's repository",
      'apps/server/src/modules/sign/sign.service.ts',
      "import { createHouseRepository } from '../house/house.repository.ts';",
    ],
    [
      'the database in a service',
      'apps/server/src/modules/house/house.service.ts',
      "import { houseClients } from '../../db/schema/house.ts';",
    ],
  ])('refuses %s', async (_what, filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\nexport {};\n`)).toHaveLength(1);
  });

  it.each([
    [
      'its own schema and the org kernel in a repository',
      'apps/server/src/modules/money/money.repository.ts',
      "import { proofs } from '../../db/schema/money.ts';\nimport { staff } from '../../db/schema/staff.ts';",
    ],
    [
      "another module's public index",
      'apps/server/src/modules/sign/sign.repository.ts',
      "import { caseContacts } from '../cases/index.ts';",
    ],
  ])('allows %s', async (_what, filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\nexport {};\n`)).toEqual([]);
  });
});
