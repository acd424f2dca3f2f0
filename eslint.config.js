// Lint rules, including the one-way import layering (docs/decisions/0030-one-way-layers-enforced-by-lint.md):
// domain/ is pure (no React, DOM or fetch); tracking/ sees only domain/; features never
// reach into each other's internals; only tracking/scorm/ knows the SCORM version folders.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import reactHooks from 'eslint-plugin-react-hooks';
import { kebabCaseFiles } from './eslint-rules/kebab-case-files.js';
import { noImportCycle } from './eslint-rules/no-import-cycle.js';

/** The sub-folders of a src/ folder: the lint lists follow the folders, so they cannot drift. */
const foldersOf = (dir) =>
  readdirSync(join(import.meta.dirname, 'src', dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

/** A folder and everything in it, written so that a bare directory import is caught too. */
const tree = (glob) => [glob, `${glob}/**`];

const ADAPTERS = foldersOf('tracking').flatMap((a) => tree(`**/tracking/${a}`));
const APP = tree('**/app');
const FEATURES = foldersOf('features');
/**
 * Screen-type and quiz-type plug-ins (one folder each), the made-up ones of the plug-in fixture
 * test (src/plugin-fixtures/, record 0271) under the same fences.
 */
const PLUGINS = [
  'screen-types',
  'quiz-types',
  'plugin-fixtures/screen-types',
  'plugin-fixtures/quiz-types',
].flatMap((kind) => foldersOf(kind).map((type) => ({ kind, type })));
const KITS = [...tree('**/screen-kit'), ...tree('**/quiz-kit')];
const VERSION_FOLDERS = {
  group: ['**/tracking/scorm/scorm12/**', '**/tracking/scorm/scorm2004/**'],
  message: 'Only tracking/scorm knows the SCORM version folders.',
};
const NO_ADAPTER = {
  group: ADAPTERS,
  message:
    'Screens talk to the tracking port, never to an adapter: the app injects what they need.',
};
const NO_APP = {
  group: APP,
  message: 'Only the app (the composition root) imports the app; course state is in src/course.',
};
const NO_FEATURES = {
  group: tree('**/features'),
  message: 'Depends only downward: kits, domain, ui and strings — never features/.',
};
const DOMAIN = [
  { group: ['react', 'react-*'], message: 'domain/ is pure: no React.' },
  {
    group: [
      ...tree('**/app'),
      ...tree('**/features'),
      ...tree('**/tracking'),
      ...tree('**/ui'),
      ...tree('**/strings'),
      ...tree('**/course'),
      ...KITS,
    ],
    message: 'domain/ imports nothing from the app, its screens, adapters, texts or course state.',
  },
  {
    group: [
      '**/screen-types/*/*',
      '!**/screen-types/*/definition.ts',
      '**/quiz-types/*/*',
      '!**/quiz-types/*/definition.ts',
    ],
    message: "The domain sees only a screen or quiz type's definition.ts, never its component.",
  },
  { regex: '\\.tsx$', message: 'domain/ is pure: no components.' },
];
const otherPlugins = (kind, type) => ({
  group: PLUGINS.filter((p) => p.type !== type).flatMap((p) => [
    ...tree(`**/${p.kind}/${p.type}`),
    // A sibling of the same kind, reached as '../<type>/…'.
    ...(p.kind === kind ? tree(`../${p.type}`) : []),
  ]),
  message:
    'A plug-in never imports another plug-in: what types share lives in src/screen-kit or src/quiz-kit.',
});

/** One `no-restricted-imports` entry per file set: a later entry would replace an earlier one. */
const fence = (files, patterns, extra = {}) => ({
  files,
  ...extra,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

// The one-way layering (docs/decisions/0030-one-way-layers-enforced-by-lint.md).
const layering = [
  {
    ...fence(['src/domain/**/*.ts'], DOMAIN),
    rules: {
      'no-restricted-imports': ['error', { patterns: DOMAIN }],
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
  // A plug-in's definition.ts is domain code; the rest of its folder is a screen.
  ...PLUGINS.flatMap(({ kind, type }) => [
    fence([`src/${kind}/${type}/definition.ts`], [...DOMAIN, otherPlugins(kind, type)]),
    fence(
      [`src/${kind}/${type}/**/*.{ts,tsx}`],
      [NO_ADAPTER, NO_APP, NO_FEATURES, otherPlugins(kind, type)],
      { ignores: ['**/definition.ts'] },
    ),
  ]),
  fence(
    ['src/screen-kit/**/*.{ts,tsx}', 'src/quiz-kit/**/*.{ts,tsx}'],
    [
      NO_ADAPTER,
      NO_APP,
      NO_FEATURES,
      {
        group: PLUGINS.flatMap((p) => tree(`**/${p.kind}/${p.type}`)),
        message: 'A kit sits below the plug-ins: it never imports one.',
      },
    ],
  ),
  fence(
    ['src/tracking/**/*.ts'],
    [
      { group: ['react', 'react-*'], message: 'Adapters are framework-free.' },
      {
        group: [
          ...APP,
          ...tree('**/features'),
          ...tree('**/ui'),
          ...tree('**/course'),
          ...tree('**/strings'),
          ...KITS,
        ],
        message:
          'tracking/ imports the domain and the port only: it reports what happened, the app attaches the texts.',
      },
    ],
  ),
  fence(['src/app/**/*.{ts,tsx}'], [VERSION_FOLDERS]),
  fence(
    ['src/ui/**/*.{ts,tsx}'],
    [
      {
        group: [
          ...APP,
          ...tree('**/features'),
          ...tree('**/tracking'),
          ...tree('**/course'),
          ...KITS,
          ...PLUGINS.flatMap((p) => tree(`**/${p.kind}/${p.type}`)),
        ],
        message:
          'ui/ holds small presentational parts: it imports only ui, strings and the domain.',
      },
    ],
  ),
  fence(
    ['src/strings/**/*.ts'],
    [
      {
        regex: '^\\.\\./',
        message: 'strings/ holds texts only: it imports nothing outside itself.',
      },
    ],
  ),
  fence(
    ['src/course/**/*.{ts,tsx}'],
    [
      {
        group: [...APP, ...tree('**/features'), ...ADAPTERS],
        message: 'Course state uses the domain and the tracking port only.',
      },
    ],
    { ignores: ['**/*.test.{ts,tsx}'] },
  ),
  fence(
    ['server/**/*.ts'],
    [
      {
        regex: '^(\\.\\./)+(scripts|tools|src/(?!domain/))',
        message: 'The server imports only src/domain, course-files/ (and its own files).',
      },
    ],
  ),
  // The Node-side edges (decision 0205): course-files/ (reading content and configuration) sits
  // below both scripts/ and server/; scripts/ never imports server/ or the tools that run it;
  // neither reaches the app's features.
  fence(
    ['course-files/**/*.ts'],
    [
      {
        regex: '^(\\.\\./)+(scripts|server|tools|src/(?!domain/))',
        message:
          'course-files/ reads course files for build and server: it imports only src/domain.',
      },
    ],
  ),
  fence(
    ['scripts/**/*.ts'],
    [
      {
        regex: '^(\\.\\./)+(server|tools)/',
        message:
          'scripts/ never imports server/ (course files: course-files/; what runs the server: tools/).',
      },
      { group: tree('**/src/features'), message: 'scripts/ may use src/domain, never features/.' },
    ],
  ),
  // Every environment variable goes through server/env.ts (course-files/env.ts for the
  // variables the builds share); nothing writes process.env (decision 0206).
  {
    files: ['server/**/*.ts', 'course-files/**/*.ts'],
    ignores: ['server/env.ts', 'course-files/env.ts', '**/*.test.ts', 'server/test-support.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read the environment through server/env.ts (decision 0206).',
        },
      ],
    },
  },
  // A feature reaches another only through its index; never an adapter or the app.
  ...FEATURES.map((feature) =>
    fence(
      [`src/features/${feature}/**/*.{ts,tsx}`],
      [
        {
          group: FEATURES.filter((f) => f !== feature).flatMap((f) => [
            `../${f}/*`,
            `!../${f}/index.ts`,
            `**/features/${f}/*`,
            `!**/features/${f}/index.ts`,
          ]),
          message: 'A feature may import another feature only through its index (public API).',
        },
        NO_ADAPTER,
        NO_APP,
      ],
      // Tests may wire a real adapter (e.g. local storage in memory) around a screen.
      { ignores: ['**/*.test.{ts,tsx}'] },
    ),
  ),
];

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
  ...layering,
);
