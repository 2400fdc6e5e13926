import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Command-line programs and test tooling talk to a person on the terminal.
    files: ['apps/server/src/admin/**', 'apps/server/src/main.ts', 'e2e/**', 'bench/**', '**/scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Features do not import each other (CONTRIBUTING.md): shared code lives in shared folders.
    files: ['apps/*/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**'],
              message: 'A feature may not import another feature; move shared code to a shared folder.',
            },
          ],
        },
      ],
    },
  },
);
