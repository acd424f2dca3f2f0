// The layering rules of eslint.config.js fire: each case lints a small snippet as if it were a
// file at a given place in the repository and expects the rule's error.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../course-files/read-content.ts';

const eslint = new ESLint({ cwd: ROOT });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('layering lint', () => {
  it.each([
    ['a feature importing the app', 'src/features/menu/x.ts', '../../app/routes.tsx'],
    ['a feature importing the app (bare directory)', 'src/features/menu/x.ts', '../../app'],
    ['a screen importing an adapter', 'src/features/screens/x.ts', '../../tracking/scorm/index.ts'],
    [
      'a screen importing an adapter (bare directory)',
      'src/features/auth/x.ts',
      '../../tracking/http',
    ],
    ['course state importing a feature', 'src/course/x.ts', '../features/menu/index.ts'],
    ['course state importing the app', 'src/course/x.ts', '../app/boot.ts'],
    ['the server importing a feature', 'server/x.ts', '../src/features/certificate/index.ts'],
    ['the server importing scripts', 'server/routes/x.ts', '../../scripts/lib/package-scorm.ts'],
    ['the server importing an adapter', 'server/x.ts', '../src/tracking/http/index.ts'],
    // The Node-side edges (decision 0205): scripts/ never imports server/ nor the tools that run it.
    ['a script importing the server', 'scripts/x.ts', '../server/app.ts'],
    ['a script library importing the server', 'scripts/lib/x.ts', '../../server/db/db.ts'],
    ['a script importing a tool', 'scripts/bench/x.ts', '../../tools/bench.ts'],
    ['a script importing a feature', 'scripts/x.ts', '../src/features/quiz/quiz-logic.ts'],
    ['the course-file reader importing the server', 'course-files/x.ts', '../server/env.ts'],
    ['the server importing a tool', 'server/x.ts', '../tools/start.ts'],
    ['domain importing a feature', 'src/domain/progress/x.ts', '../../features/quiz/index.ts'],
    [
      'a type definition importing its component',
      'src/screen-types/list1/definition.ts',
      './list1-screen.tsx',
    ],
    ['a screen type importing the app', 'src/screen-types/list1/x.tsx', '../../app/routes.tsx'],
    [
      'the domain importing a screen component',
      'src/domain/registry/x.ts',
      '../../screen-types/list1/list1-screen.tsx',
    ],
    ['the domain importing course state', 'src/domain/progress/x.ts', '../../course/index.ts'],
    // The feature and adapter lists follow the folders: the newest features are fenced too.
    [
      'the read-aloud feature importing an adapter',
      'src/features/listen/x.ts',
      '../../tracking/http',
    ],
    [
      "the data notice importing another feature's internals",
      'src/features/data-notice/x.ts',
      '../menu/progress-figures.ts',
    ],
    [
      'one quiz type importing another',
      'src/quiz-types/select-answer/x.tsx',
      '../drag-answer/drag-answer.tsx',
    ],
    [
      "one quiz type's definition importing another's",
      'src/quiz-types/select-answer/definition.ts',
      '../drag-answer/definition.ts',
    ],
    [
      'one screen type importing another',
      'src/screen-types/list2/x.tsx',
      '../list1/list1-screen.tsx',
    ],
    [
      'a screen type importing a feature',
      'src/screen-types/list1/x.tsx',
      '../../features/screens/index.ts',
    ],
    [
      'a quiz type importing a feature',
      'src/quiz-types/drag-answer/x.tsx',
      '../../features/quiz/quiz-logic.ts',
    ],
    ['a kit importing a plug-in', 'src/screen-kit/x.tsx', '../screen-types/list1/list1-screen.tsx'],
    // The plug-in fixture test's made-up types sit under the same fences (record 0271).
    [
      'a fixture screen type importing a real one',
      'src/plugin-fixtures/screen-types/list9/x.tsx',
      '../../../screen-types/list1/list1-screen.tsx',
    ],
    [
      "a fixture quiz type's definition importing a component",
      'src/plugin-fixtures/quiz-types/order-answer/definition.ts',
      './order-answer.tsx',
    ],
    [
      'a fixture quiz type importing an adapter',
      'src/plugin-fixtures/quiz-types/order-answer/x.tsx',
      '../../../tracking/memory/index.ts',
    ],
    ['ui importing a feature', 'src/ui/x.tsx', '../features/menu/index.ts'],
    ['ui importing an adapter', 'src/ui/x.ts', '../tracking/memory/index.ts'],
    ['strings importing the domain', 'src/strings/x.ts', '../domain/content/types.ts'],
    ['tracking importing the strings', 'src/tracking/http/x.ts', '../../strings/es.ts'],
    [
      'tracking importing course state',
      'src/tracking/http/x.ts',
      '../../course/course-controller.ts',
    ],
  ])('fails on %s', async (_what, file, target) => {
    const code = `import { x } from '${target}';\nexport const y = x;\n`;
    expect(await ruleIds(code, file)).toContain('no-restricted-imports');
  });

  it.each([
    ['a feature using course state', 'src/features/menu/x.ts', '../../course/course-context.tsx'],
    ['a feature using the tracking port', 'src/features/quiz/x.ts', '../../tracking/port.ts'],
    ['the server using the domain', 'server/x.ts', '../src/domain/progress/engine.ts'],
    ['the server using the course files', 'server/x.ts', '../course-files/read-content.ts'],
    ['a script using the course files', 'scripts/lib/x.ts', '../../course-files/read-config.ts'],
    ['a script using the domain', 'scripts/x.ts', '../src/domain/content/html-text.ts'],
    ['a tool running the server', 'tools/x.ts', '../server/app.ts'],
    [
      'the domain registry using a definition',
      'src/domain/registry/x.ts',
      '../../screen-types/list1/definition.ts',
    ],
    [
      'a screen type using the screen kit',
      'src/screen-types/list1/x.tsx',
      '../../screen-kit/html-block.tsx',
    ],
    [
      'a quiz type using the quiz kit',
      'src/quiz-types/drag-answer/x.tsx',
      '../../quiz-kit/answer-contract.tsx',
    ],
    ['a plug-in using its own files', 'src/quiz-types/drag-answer/x.tsx', './drag-answer.tsx'],
    ['the quiz feature using the quiz kit', 'src/features/quiz/x.ts', '../../quiz-kit/define.ts'],
  ])('allows %s', async (_what, file, target) => {
    const code = `import { x } from '${target}';\nexport const y = x;\n`;
    expect(await ruleIds(code, file)).not.toContain('no-restricted-imports');
  });

  it.each([
    ['server/x.ts', 'export const a = process.env.PORT;\n'],
    ['server/routes/x.ts', "process.env.CURSO_CONFIG = 'x';\n"],
    ['course-files/x.ts', 'export const a = process.env.CURSO_CONTENT_DIR;\n'],
  ])('fails on %s reading or writing process.env outside env.ts', async (file, code) => {
    expect(await ruleIds(code, file)).toContain('no-restricted-properties');
  });

  it('lets server/env.ts read process.env', async () => {
    const code = 'export const a = process.env.PORT;\n';
    expect(await ruleIds(code, 'server/env.ts')).not.toContain('no-restricted-properties');
  });

  it('fails on a file name that is not kebab-case', async () => {
    expect(await ruleIds('export const a = 1;\n', 'src/domain/progress/courseEngine.ts')).toContain(
      'local/kebab-case-files',
    );
    expect(await ruleIds('export const a = 1;\n', 'src/domain/progress/course-engine.ts')).toEqual(
      [],
    );
  });

  describe('import cycles', () => {
    const dir = join(ROOT, 'src', 'domain', `lint-cycle-fixture-${process.pid}`);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('fails on two modules importing each other', async () => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = a + 1;\n");
      writeFileSync(
        join(dir, 'a.ts'),
        "import { b } from './b.ts';\nexport const a = 1;\nexport const c = b;\n",
      );
      const [result] = await eslint.lintFiles([join(dir, 'a.ts')]);
      const cycle = result!.messages.filter((m) => m.ruleId === 'local/no-import-cycle');
      expect(cycle).toHaveLength(1);
      expect(cycle[0]!.line).toBe(1);
      expect(cycle[0]!.message).toContain('b.ts');
    });

    it('fails on a longer cycle through an index file and a dynamic import', async () => {
      mkdirSync(join(dir, 'sub'), { recursive: true });
      writeFileSync(
        join(dir, 'c.ts'),
        "export const c = 1;\nexport const load = () => import('./sub');\n",
      );
      writeFileSync(join(dir, 'sub', 'index.ts'), "export { d } from './d.ts';\n");
      writeFileSync(
        join(dir, 'sub', 'd.ts'),
        "import { e } from '../e.ts';\nexport const d = e;\n",
      );
      writeFileSync(join(dir, 'e.ts'), "import { c } from './c.ts';\nexport const e = c;\n");
      const [result] = await eslint.lintFiles([join(dir, 'e.ts')]);
      expect(result!.messages.map((m) => m.ruleId)).toContain('local/no-import-cycle');
    });

    it('allows a type-only import back, and an acyclic chain', async () => {
      writeFileSync(
        join(dir, 'f.ts'),
        "import type { G } from './g.ts';\nexport type F = G;\nexport const f = 1;\n",
      );
      writeFileSync(
        join(dir, 'g.ts'),
        "import { f } from './f.ts';\nexport type G = number;\nexport const g = f;\n",
      );
      writeFileSync(
        join(dir, 'h.ts'),
        "import { type G } from './g.ts';\nexport const h: G = 2;\n",
      );
      const results = await eslint.lintFiles([
        join(dir, 'f.ts'),
        join(dir, 'g.ts'),
        join(dir, 'h.ts'),
      ]);
      for (const r of results) {
        expect(r.messages.map((m) => m.ruleId)).not.toContain('local/no-import-cycle');
      }
    });
  });
});
