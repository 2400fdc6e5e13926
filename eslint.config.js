import { existsSync, readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
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
      target: [`./${app}/shared`, `./${app}/db`, ...(existsSync(`${app}/rules`) ? [`./${app}/rules`] : [])],
      from: `./${app}/features`,
      message: 'Shared code may not import a feature.',
    },
  ];
});

/**
 * The server's gate (apps/server/src/features/gate, its README) is cut into rooms by kind of work:
 * devices/, admission/, manifest/, reports/. A room's SQL (its `*.queries.ts`) is imported only inside
 * the room; another room, the gate's routes and the rest of the server call the room's services.
 */
const GATE = 'apps/server/src/features/gate';
const entriesBut = (folder, left) =>
  readdirSync(folder)
    .filter((entry) => entry !== left)
    .map((entry) => `./${folder}/${entry}`);
const gateRoomZones = readdirSync(GATE, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name: room }) => ({
    target: [
      ...entriesBut('apps/server/src', 'features'),
      ...entriesBut('apps/server/src/features', 'gate'),
      ...entriesBut(GATE, room),
    ],
    from: `./${GATE}/${room}/*.queries.ts`,
    message: `Only the gate's ${room}/ room imports its queries: call its service.`,
  }));

/**
 * The server's business rules (apps/server/src/rules: who a suspension reaches, who enters, an
 * officer's scope, …) stand on its plumbing (apps/server/src/shared, db, plugins: logging, limits,
 * sessions, the outbox); the plumbing never knows them (apps/server/src/rules/README.md).
 */
const rulesZone = {
  target: ['./apps/server/src/shared', './apps/server/src/db', './apps/server/src/plugins'],
  from: './apps/server/src/rules',
  message: 'Plumbing (shared, db, plugins) may not import a business rule: the rule goes in its caller.',
};

/**
 * The EU wallet module (apps/server/src/eu-wallet, docs/design.md §12) has one door: the rest of the
 * server imports only its entry (index.ts) and the types of its ports (ports.ts: types only, so code
 * that needs one, like the bench's, does not load the module's routes); and it imports no feature,
 * whose help it is given as ports by the composition root (plugins/routes.ts).
 */
const EU_WALLET = './apps/server/src/eu-wallet';
const euWalletZones = [
  {
    target: readdirSync('apps/server/src')
      .filter((entry) => entry !== 'eu-wallet')
      .map((entry) => `./apps/server/src/${entry}`),
    from: EU_WALLET,
    except: ['./index.ts', './ports.ts'],
    message:
      'Import the EU wallet module only through its entry, apps/server/src/eu-wallet/index.ts (or its ports’ types, ports.ts).',
  },
  {
    target: EU_WALLET,
    from: './apps/server/src/features',
    message: 'The EU wallet module imports no feature: what it needs of one is a port (eu-wallet/ports.ts).',
  },
];

/**
 * A queries module's SQL samples (`<module>.sql-samples.ts`, beside it: CONTRIBUTING.md, "Tests") are
 * test code kept next to the functions they call. Only apps/server/test/sql-files.test.ts loads them;
 * production code imports neither them nor the test support they stand on, so the build (what
 * src/main.ts and src/admin/cli.ts import) holds none of it.
 */
const SERVER = './apps/server';
const sqlSamplesZones = [
  {
    target: `${SERVER}/src`,
    from: `${SERVER}/src/**/*.sql-samples.ts`,
    message:
      'SQL samples are for apps/server/test/sql-files.test.ts only: production code may not import them.',
  },
  {
    target: `${SERVER}/src/**/!(*.sql-samples|*.test).ts`,
    from: `${SERVER}/test`,
    message: 'Production code may not import test code (only SQL samples and tests beside the code do).',
  },
];

/**
 * The web client's calls (docs/design.md §6): `fetch` only in its one API client; a path of the API
 * only where the typed client checks it against the contract (shared/api/, a feature's api.ts, and
 * a `<part>-api.ts` beside it once that splits); and a screen (.tsx) calls a feature's hooks,
 * which own the mutation and what it invalidates.
 */
const webCalls = {
  fetch: {
    selector: "MemberExpression[object.name=/^(window|globalThis|self)$/][property.name='fetch']",
    message: 'Call the server through apps/web/src/shared/api/client.ts (a feature: its api.ts).',
  },
  apiPath: [
    // `\x2F` is "/": esquery's regular expressions cannot hold a slash.
    'Literal[value=/^\\x2Fapi\\x2F/]',
    'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\x2Fapi\\x2F/]',
  ].map((selector) => ({
    selector,
    message:
      "An API path goes in the feature's api.ts, through the typed client (apps/web/src/shared/api/client.ts).",
  })),
  inlineMutation: [
    "CallExpression[callee.name='useMutation']",
    "MemberExpression[property.name='invalidateQueries']",
  ].map((selector) => ({
    selector,
    message:
      "A screen calls the feature's hook (useXMutation in its api.ts), which owns the write and what it invalidates.",
  })),
};
const webTests = ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'];

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
    // Rules that need the types: a promise nobody awaits loses its error (an unhandled rejection
    // ends the server), and a switch over a union must name every member, so a new status or kind
    // cannot fall through unnoticed. Every TypeScript file that belongs to a tsconfig is checked.
    files: [
      'apps/server/{src,test,test-resilience,scripts}/**/*.ts',
      'apps/web/src/**/*.{ts,tsx}',
      'packages/domain/src/**/*.ts',
      'e2e/**/*.ts',
      'bench/src/**/*.ts',
    ],
    ignores: ['e2e/playwright-report/**', 'e2e/test-results/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // An event handler that starts async work reads `() => void work()`: the work catches its own
      // errors (a toast, a log line), and `void` says nobody waits for it. React Router's navigate()
      // may float: a failed navigation shows the route's error element, its promise never rejects.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // A missing dependency is a stale value on screen: an error, not a warning nobody reads.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The server's configuration is read, validated and typed in one place; everything else takes
    // the Config it returns (CONTRIBUTING.md). Tests, scripts, the bench and e2e may read the
    // environment.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/server/src/config/index.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Read configuration only in apps/server/src/config/ (loadConfig) and take it from the Config.',
        },
      ],
    },
  },
  {
    // The web client reaches the server only through its one API client (docs/design.md §6), so the
    // spec's §8 error rules and the query cache see every call. Tests stub fetch at the edge. The
    // steward's manifest download keeps its own fetch for now (ETag and 304,
    // features/gate/offline-api.ts).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/shared/api/**', 'apps/web/src/features/gate/offline-api.ts', ...webTests],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: webCalls.fetch.message }],
      'no-restricted-syntax': ['error', webCalls.fetch],
    },
  },
  {
    // (Each block names every selector it wants: a later block's no-restricted-syntax replaces an earlier one's.)
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/shared/api/**', 'apps/web/src/**/{api,*-api}.ts', ...webTests],
    rules: { 'no-restricted-syntax': ['error', webCalls.fetch, ...webCalls.apiPath] },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/shared/api/**', ...webTests],
    rules: {
      'no-restricted-syntax': ['error', webCalls.fetch, ...webCalls.apiPath, ...webCalls.inlineMutation],
    },
  },
  {
    // No hand-written source file over 400 lines, tests included: past that a file holds more than one
    // kind of work. Cut it by what each part does, as features/gate's rooms and bench/src/match-day are.
    files: ['apps/*/src/**/*.{ts,tsx}', 'bench/src/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
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
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...featureZones, rulesZone, ...euWalletZones, ...gateRoomZones, ...sqlSamplesZones] },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The bench reaches the server through one declared door (apps/server/src/bench-api.ts), so
    // what it depends on is one list a reviewer sees change.
    files: ['bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['bench/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './bench',
              from: './apps/server',
              except: ['./src/bench-api.ts'],
              message:
                'The bench imports the server only through apps/server/src/bench-api.ts: export it there.',
            },
          ],
        },
      ],
    },
  },
);
