import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { contentPlugin } from './scripts/vite-content-plugin.ts';

const FIXTURES = join(import.meta.dirname, 'src', 'plugin-fixtures');

/**
 * The plug-in fixture test's registries (record 0271): wherever the engine imports one of the
 * four registries, it gets the fixture's — the real registry and one more line — so the made-up
 * types in src/plugin-fixtures/ join the engine exactly as a new type does, with no mock.
 */
function fixtureRegistries(): Plugin {
  const src = (...p: string[]) => join(import.meta.dirname, 'src', ...p);
  const swaps = new Map([
    [src('domain', 'registry', 'screen-types.ts'), join(FIXTURES, 'registries', 'screen-types.ts')],
    [src('domain', 'registry', 'quiz-types.ts'), join(FIXTURES, 'registries', 'quiz-types.ts')],
    [src('features', 'screens', 'registry.ts'), join(FIXTURES, 'registries', 'screen-features.ts')],
    [src('features', 'quiz', 'registry.ts'), join(FIXTURES, 'registries', 'quiz-features.ts')],
  ]);
  return {
    name: 'plug-in-fixture-registries',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      // A fixture registry reads the real one it extends.
      if (!importer || importer.startsWith(join(FIXTURES, 'registries'))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (resolved && swaps.get(resolved.id.split('?')[0]!)) ?? null;
    },
  };
}

const unit = [
  'src/**/*.test.{ts,tsx}',
  'server/**/*.test.ts',
  'course-files/**/*.test.ts',
  'scripts/**/*.test.ts',
  'lms-preview/**/*.test.ts',
  'tools/**/*.test.ts',
];
const fixtureTests = 'src/plugin-fixtures/**/*.test.{ts,tsx}';

export default defineConfig({
  plugins: [react(), contentPlugin()],
  test: {
    environment: 'node',
    setupFiles: ['./src/test-setup.ts'],
    testTimeout: 20000,
    pool: 'forks',
    // Vitest's default in a run is one worker fewer than the cores: one worker on CI's two cores,
    // where the files then ran one after another (17 min). Every server test file has a database
    // (or PostgreSQL schema) of its own, so two files at once share nothing (record 0299).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // scrypt at N=2^10 instead of 2^17 (server/security/passwords.ts): tests hash a lot.
    env: { CURSO_SST_SCRYPT_LOG2N: '10' },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: unit, exclude: [...configDefaults.exclude, fixtureTests] },
      },
      {
        extends: true,
        plugins: [fixtureRegistries()],
        test: { name: 'plug-in fixtures', include: [fixtureTests] },
      },
    ],
  },
});
