import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * A feature imports only shared code (its app's shared folders, db, packages/domain), never another
 * feature; shared code imports no feature (CONTRIBUTING.md). Zones by path, so `../companions/service`
 * is caught as well as `../../features/companions/service`.
 */
const featureZones = ['apps/server/src', 'apps/web/src'].flatMap((app) => {
  const features = readdirSync(`${app}/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    ...features.map((feature) => ({
      target: `./${app}/features/${feature}`,
      from: `./${app}/features`,
      except: [`./${feature}`],
      message: 'A feature may not import another feature; move what both need to a shared folder.',
    })),
    {
      // The composition roots (app.ts, the router, the demo data, the admin CLI) assemble features;
      // what features share does not depend on them.
      target: [`./${app}/shared`, `./${app}/db`],
      from: `./${app}/features`,
      message: 'Shared code may not import a feature.',
    },
  ];
});

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
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/domain/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
