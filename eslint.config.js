// Lint rules, including the one-way import layering (docs/decisions/0030-one-way-layers-enforced-by-lint.md):
// domain/ is pure (no React, DOM or fetch); tracking/ sees only domain/; features never
// reach into each other's internals; only tracking/scorm/ knows the SCORM version folders.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { kebabCaseFiles } from './eslint-rules/kebab-case-files.js';
import { noImportCycle } from './eslint-rules/no-import-cycle.js';

/** Adapters, written so that a bare directory import ('../../tracking/http') is caught too. */
const ADAPTERS = ['scorm', 'http', 'memory'].flatMap((a) => [
  `**/tracking/${a}`,
  `**/tracking/${a}/**`,
]);
const APP = ['**/app', '**/app/**'];

const FEATURES = [
  'shell',
  'menu',
  'screens',
  'quiz',
  'modals',
  'auth',
  'certificate',
  'pages',
  'topic',
  'glossary',
];

const featureRules = FEATURES.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  // Tests may wire a real adapter (e.g. local storage in memory) around a screen.
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: FEATURES.filter((f) => f !== feature).flatMap((f) => [
              `../${f}/*`,
              `!../${f}/index.ts`,
              `**/features/${f}/*`,
              `!**/features/${f}/index.ts`,
            ]),
            message: 'A feature may import another feature only through its index (public API).',
          },
          {
            group: ADAPTERS,
            message:
              'Screens talk to the tracking port, never to an adapter: the app injects what they need.',
          },
          {
            group: APP,
            message:
              'Features never import the app (the composition root); course state is in src/course.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-scorm',
      'data',
      'test-results',
      'playwright-report',
      'bench/results.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: {
      local: { rules: { 'kebab-case-files': kebabCaseFiles, 'no-import-cycle': noImportCycle } },
    },
    rules: {
      'local/no-import-cycle': 'error',
      'local/kebab-case-files': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: [
      'src/domain/**/*.ts',
      'src/screen-types/*/definition.ts',
      'src/quiz-types/*/definition.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', 'react-router*'], message: 'domain/ is pure: no React.' },
            {
              group: ['**/app/**', '**/features/**', '**/tracking/**', '**/ui/**', '**/strings/**'],
              message: 'domain/ imports nothing from the app.',
            },
            {
              group: [
                '**/screen-types/*/*',
                '!**/screen-types/*/definition.ts',
                '**/quiz-types/*/*',
                '!**/quiz-types/*/definition.ts',
              ],
              message:
                "The domain sees only a screen or quiz type's definition.ts, never its component.",
            },
            { regex: '\\.tsx$', message: 'domain/ is pure: no components.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'domain/ is pure: no DOM.' },
        { name: 'document', message: 'domain/ is pure: no DOM.' },
        { name: 'fetch', message: 'domain/ is pure: no network.' },
        { name: 'localStorage', message: 'domain/ is pure: no storage.' },
        { name: 'sessionStorage', message: 'domain/ is pure: no storage.' },
      ],
    },
  },
  {
    files: ['src/tracking/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*'], message: 'Adapters are framework-free.' },
            {
              group: ['**/app/**', '**/features/**', '**/ui/**'],
              message: 'tracking/ imports domain only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}', 'src/strings/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/tracking/scorm/scorm12/**', '**/tracking/scorm/scorm2004/**'],
              message: 'Only tracking/scorm knows the SCORM version folders.',
            },
          ],
        },
      ],
    },
  },
  {
    // The components of screen and quiz types follow the rules of features.
    files: ['src/screen-types/**/*.{ts,tsx}', 'src/quiz-types/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/definition.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ADAPTERS, message: 'Screens talk to the tracking port, never to an adapter.' },
            { group: APP, message: 'Screens never import the app (the composition root).' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/course/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...APP, '**/features', '**/features/**', ...ADAPTERS],
              message: 'Course state uses the domain and the tracking port only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(scripts|src/(?!domain/))',
              message: 'The server imports only src/domain (and its own files).',
            },
          ],
        },
      ],
    },
  },
  ...featureRules,
);
