// Lint gates: typescript-eslint recommended rules plus import boundaries between the
// top-level folders (docs/architecture.md, "Layering"). tests/layering.test.ts checks the same
// rules over the whole import graph, including cycles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const boundary = (folders) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: folders.map((f) => ({
        group: [`**/${f}/**`, `../${f}`, `../../${f}`],
        message: `This layer must not import ${f}/ (docs/architecture.md, "Layering").`,
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      '**/.data/**',
      'fixtures/**',
      '.bench/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['engine/**'],
    rules: boundary([
      'formatters',
      'predicates',
      'react-renderer',
      'storefront',
      'cli',
      'server',
      'bench',
      'tests',
    ]),
  },
  {
    files: ['formatters/**', 'predicates/**'],
    rules: boundary(['react-renderer', 'storefront', 'cli', 'server', 'bench', 'tests']),
  },
  {
    files: ['react-renderer/**'],
    rules: boundary(['storefront', 'cli', 'server', 'bench', 'tests']),
  },
  {
    files: ['storefront/**'],
    rules: boundary(['cli', 'server', 'bench', 'tests']),
  },
  {
    files: ['engine/**', 'formatters/**', 'predicates/**', 'react-renderer/**', 'storefront/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='@squarespace/template-engine']",
          message: 'Runtime code never imports the reference engine.',
        },
      ],
    },
  },
);
