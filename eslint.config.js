// Lint rules, including the import layering of DESIGN.md §3:
// domain/ is pure (no React, DOM or fetch); tracking/ sees only domain/; features never
// reach into each other's internals; only tracking/scorm/ knows the SCORM version folders.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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
            group: ['**/tracking/scorm/**', '**/tracking/http/*', '**/tracking/memory/*'],
            message: 'Screens talk to the tracking port, never to an adapter.',
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
    files: ['src/domain/**/*.ts'],
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
  ...featureRules,
);
