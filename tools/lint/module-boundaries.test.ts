import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProjectGraphAsync } from '@nx/devkit';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Proves the boundary rules of eslint.config.mjs fire: the workspace's own ESLint configuration lints a small source
// as if it were a file of a real library (house style section 2, ADR 0166).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = '@nx/enforce-module-boundaries';

let eslint: ESLint;
beforeAll(async () => {
  // Without a cached project graph the Nx rule skips itself with a warning: build it, as `nx show projects` does.
  process.env['NX_DAEMON'] = 'false';
  await createProjectGraphAsync({ exitOnError: false });
  eslint = new ESLint({ cwd: root });
  // The first lint builds the module graph of the import-cycle rule (ADR 0237): pay for it here, not in a test.
  await eslint.lintText('', { filePath: path.join(root, 'libs/shared/ui/src/warm-up.ts') });
}, 120_000);

/** The boundary messages for `source` linted at `file` (a path inside a real library; the file need not exist). */
async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE && m.severity === 2).map((m) => m.message);
}

describe('module boundaries (@nx/enforce-module-boundaries)', () => {
  it('refuses a feature importing another feature: the app composes them', async () => {
    const errors = await boundaryErrors(
      'libs/sportsbook/feature-line/src/lib/boundary-probe.ts',
      "import { LiveGameList } from '@tessera/sportsbook/feature-live';\nexport const probe = LiveGameList;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(
      'A project tagged with "type:feature" can only depend on libs tagged with "type:data-access", "type:ui", "type:util"',
    );
  });

  it('refuses browser code importing a server library', async () => {
    const fromLib = await boundaryErrors(
      'libs/shared/data-access-brand/src/lib/boundary-probe.ts',
      "import { migrate } from '@tessera/server/db';\nexport const probe = migrate;\n",
    );
    // The rule reports the first constraint an import breaks, in the order eslint.config.mjs lists them.
    expect(fromLib).toEqual([
      'A project tagged with "scope:shared" can only depend on libs tagged with "scope:shared"',
    ]);
    const fromApp = await boundaryErrors(
      'apps/web/src/app/boundary-probe.ts',
      "import { migrate } from '@tessera/server/db';\nexport const probe = migrate;\n",
    );
    expect(fromApp).toEqual([
      'A project tagged with "scope:app" can only depend on libs tagged with "scope:shared", "scope:sportsbook", "scope:casino", "scope:account"',
    ]);
  });

  it('refuses server code importing a browser library, and allows the pure utilities both sides run', async () => {
    const browser = await boundaryErrors(
      'libs/server/bets/src/boundary-probe.ts',
      "import { useBrand } from '@tessera/shared/data-access-brand';\nexport const probe = useBrand;\n",
    );
    expect(browser).toEqual([
      'A project tagged with "platform:node" can only depend on libs tagged with "platform:node", "platform:any"',
    ]);
    const otherScope = await boundaryErrors(
      'libs/server/bets/src/boundary-probe.ts',
      "import { checkRouteAccess } from '@tessera/account/data-access-session';\nexport const probe = checkRouteAccess;\n",
    );
    expect(otherScope).toEqual([
      'A project tagged with "scope:server" can only depend on libs tagged with "scope:server", "scope:shared", "platform:any"',
    ]);
    const pure = await boundaryErrors(
      'libs/server/bets/src/boundary-probe.ts',
      "import { expressOdds } from '@tessera/sportsbook/util-coupon';\nimport { formatPointer } from '@tessera/shared/util-config';\nexport const probe = [expressOdds, formatPointer];\n",
    );
    expect(pure).toEqual([]);
  });

  it("lets a feature use its own scope's data access and the shared libraries", async () => {
    const errors = await boundaryErrors(
      'libs/sportsbook/feature-line/src/lib/boundary-probe.ts',
      "import { LiveStore } from '@tessera/sportsbook/data-access-feed';\nimport { useBrand } from '@tessera/shared/data-access-brand';\nexport const probe = [LiveStore, useBrand];\n",
    );
    expect(errors).toEqual([]);
  });
});
