import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProjectGraphAsync } from '@nx/devkit';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { moduleGraph } from './no-import-cycle.mjs';

// Proves the import-cycle rule and the test-kit ban of eslint.config.mjs are on and fire (ADR 0236, ADR 0237): the
// workspace's own ESLint configuration lints the fixtures in tools/lint/fixtures (ignored by `npx eslint .`, so they
// are linted here on purpose) and small sources placed at real library paths.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = 'tools/lint/fixtures';

let eslint: ESLint;
beforeAll(async () => {
  // Without a cached project graph the Nx boundary rule skips itself with a warning: build it, as `nx show projects` does.
  process.env['NX_DAEMON'] = 'false';
  await createProjectGraphAsync({ exitOnError: false });
  eslint = new ESLint({ cwd: root, ignore: false });
}, 120_000);

/** The messages of `ruleId` for each file under `folder`, by file name. */
async function messagesOf(folder: string, ruleId: string): Promise<Record<string, string[]>> {
  const results = await eslint.lintFiles([path.join(root, folder)]);
  return Object.fromEntries(
    results.map((r) => [
      path.basename(r.filePath),
      r.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message),
    ]),
  );
}

describe('no import cycles (tessera/no-import-cycle)', () => {
  it('is an error for every TypeScript file of the workspace', async () => {
    const config = (await eslint.calculateConfigForFile(path.join(root, 'libs/shared/ui/src/index.ts'))) as {
      rules: Record<string, unknown[]>;
    };
    expect(config.rules['tessera/no-import-cycle']?.[0]).toBe(2);
  });

  it('reports both files of a cycle, each with the way round', async () => {
    const messages = await messagesOf(`${fixtures}/import-cycle`, 'tessera/no-import-cycle');
    const first = `${fixtures}/import-cycle/first.ts`;
    const second = `${fixtures}/import-cycle/second.ts`;
    expect(messages).toEqual({
      'first.ts': [
        `Import cycle: ${first} → ${second} → ${first}. Move what both sides need into a third module (ADR 0237).`,
      ],
      'second.ts': [
        `Import cycle: ${second} → ${first} → ${second}. Move what both sides need into a third module (ADR 0237).`,
      ],
    });
  }, 120_000);

  it('does not count imports of types only: they are erased at run time', async () => {
    expect(await messagesOf(`${fixtures}/type-only-cycle`, 'tessera/no-import-cycle')).toEqual({
      'area.ts': [],
      'shape.ts': [],
    });
  }, 120_000);

  it("follows the @tessera/* aliases into a library's public door", () => {
    const graph = moduleGraph(path.join(root, 'tsconfig.json'));
    const edges =
      graph.edges.get(path.join(root, 'libs/shared/data-access-modal/src/lib/modal-queue.paths.test.ts')) ?? [];
    expect(edges).toContainEqual({
      specifier: '@tessera/shared/testing-xstate',
      target: path.join(root, 'libs/shared/testing-xstate/src/index.ts'),
    });
  }, 120_000);
});

describe('test kits (type:testing) are for tests only', () => {
  const RESTRICTED = 'import-x/no-restricted-paths';
  const BOUNDARIES = '@nx/enforce-module-boundaries';
  const source =
    "import { findUntakenTransitions } from '@tessera/shared/testing-xstate';\nexport const probe = findUntakenTransitions;\n";

  async function errors(file: string): Promise<string[]> {
    const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
    return (result?.messages ?? [])
      .filter((m) => (m.ruleId === RESTRICTED || m.ruleId === BOUNDARIES) && m.severity === 2)
      .map((m) => m.message);
  }

  it('refuses a test kit in production code', async () => {
    expect(await errors('libs/shared/data-access-modal/src/lib/kit-probe.ts')).toEqual([
      'Unexpected path "@tessera/shared/testing-xstate" imported in restricted zone. Test kits (type:testing) are for test files only (ADR 0236).',
    ]);
  });

  it('lets a test file or a testing folder of any library type use a test kit', async () => {
    expect(await errors('libs/shared/data-access-modal/src/lib/kit-probe.test.ts')).toEqual([]);
    expect(await errors('libs/shared/util-format/src/lib/kit-probe.test.ts')).toEqual([]);
    expect(await errors('libs/server/bets/src/testing/kit-probe.ts')).toEqual([]);
  });
});
