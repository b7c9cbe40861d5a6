import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const dirsOf = (dir) => {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
};

const features = dirsOf('src/web/features');

// Features never import each other: a page that combines features lives in src/web/app/routes,
// and what several features share lives in src/web/ui, src/web/lib or src/web/reference.
const featureZones = features.flatMap((target) =>
  features
    .filter((from) => from !== target)
    .map((from) => ({
      target: `./src/web/features/${target}`,
      from: `./src/web/features/${from}`,
      message: `Features never import each other: combine "${from}" and "${target}" in src/web/app/routes, or move the shared piece to src/web/ui, lib or reference.`,
    })),
);

// The shared layers sit below the features and the app: they import neither.
const sharedLayers = ['ui', 'lib', 'reference', 'i18n'].flatMap((layer) => [
  { target: `./src/web/${layer}`, from: './src/web/features', message: `src/web/${layer} is shared: it imports no feature.` },
  { target: `./src/web/${layer}`, from: './src/web/app', message: `src/web/${layer} is shared: it imports nothing of the app shell.` },
]);

// Server modules are walled like the web's features, except that they may use each other: each
// module's public face is its index.ts (its plugins, its service factory, the types others
// need), and everything else in its folder is its own. Everyone outside the module (other
// modules, services.ts, modules/index.ts, http, seed, cli, scripts, bench) imports the face only.
const serverModules = dirsOf('src/server/modules');
const serverDirs = dirsOf('src/server').filter((name) => name !== 'modules');
const moduleFaceZones = (faces) =>
  serverModules.map((name) => ({
    target: [
      './src/server/*.ts',
      ...serverDirs.map((dir) => `./src/server/${dir}`),
      './src/server/modules/index.ts',
      ...serverModules.filter((other) => other !== name).map((other) => `./src/server/modules/${other}`),
      './scripts',
      './bench',
    ],
    from: `./src/server/modules/${name}`,
    except: faces,
    message: `Import the ${name} module through its face, src/server/modules/${name}/index.ts; export what you need there, or keep it inside the module.`,
  }));

// Below the modules: the shared server library takes what it needs as arguments, never from a module.
const serverLayers = [
  { target: './src/server/lib', from: './src/server/modules', message: 'src/server/lib sits below the modules: it imports none of them (a module passes lib what it needs).' },
];

/** Every zone; test code may also use another module's test helpers (its testing.ts). */
const zones = ({ tests }) => [
  { target: './src/common', from: './src/server', message: 'src/common is shared: it imports neither side.' },
  { target: './src/common', from: './src/web', message: 'src/common is shared: it imports neither side.' },
  { target: './src/web', from: './src/server', message: 'The web app talks to the server over HTTP only.' },
  { target: './src/server', from: './src/web', message: 'The server does not import the web app.' },
  ...featureZones,
  ...sharedLayers,
  ...moduleFaceZones(tests ? ['./index.ts', './testing.ts'] : ['./index.ts']),
  ...serverLayers,
];

const TEST_FILES = ['src/server/test/**/*.ts', '**/*.test.ts', '**/*.test.tsx', '**/testing.ts', '**/*.testing.ts'];

// SQL is written in a module's repository files only (repo.ts, *-repo.ts), so a reviewer finds
// every query of a module in one place and the committed SQL snapshot maps to them. The
// database layer, migrations, the demo seed and tests write their own.
const SQL_FILES = [
  '**/repo.ts',
  '**/*-repo.ts',
  'src/server/db/**',
  'src/server/seed/**',
  // The PostgreSQL event bus speaks LISTEN/NOTIFY: the database is its transport, not its store.
  'src/server/lib/events/postgres.ts',
  ...TEST_FILES,
];
const QUERY_BUILDER = {
  selector:
    "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|with|withRecursive)$/]",
  message: "Queries belong in the module's repo.ts (or a *-repo.ts beside it); call a repo function here.",
};
const NO_ROUTER_IMPORTS = { group: ['react-router', 'react-router-dom', 'react-router/*'], message: 'Import routing from src/web/routing.' };

const PROCESS_ENV = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration through src/server/config.ts only.',
};

// Only migrations take an untyped database (they must not import the app's types); every other
// query goes through the typed Database interface.
const KYSELY_ANY = {
  selector: "TSTypeReference[typeName.name='Kysely'] > TSTypeParameterInstantiation > TSAnyKeyword",
  message: 'Use Kysely<Database>: Kysely<any> is for src/server/db/migrations only.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    // Imports name TypeScript files without extension: the import rules must resolve them to see any path.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'import-x/no-restricted-paths': ['error', { zones: zones({ tests: false }) }],
      // Cycles make load order matter and hide which module owns what (src/common/schemas included).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The app routes with its own router (src/web/routing), a few KB instead of React Router's 30.
      'no-restricted-imports': [
        'error',
        { patterns: [NO_ROUTER_IMPORTS] },
      ],
    },
  },
  {
    files: TEST_FILES,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: zones({ tests: true }) }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/config.ts', 'src/server/test/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': ['error', PROCESS_ENV, KYSELY_ANY],
    },
  },
  {
    // Where process.env may be read (config, tests), Kysely<any> is still refused.
    files: ['src/server/config.ts', 'src/server/test/**/*.ts', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', KYSELY_ANY] },
  },
  {
    files: ['src/server/db/migrations/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', PROCESS_ENV] },
  },
  {
    // Outside the repositories: no query builder calls, no raw `sql` (config.ts keeps its own rule above).
    files: ['src/server/**/*.ts'],
    ignores: [...SQL_FILES, 'src/server/config.ts'],
    rules: {
      'no-restricted-syntax': ['error', PROCESS_ENV, KYSELY_ANY, QUERY_BUILDER],
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', importNames: ['sql'], message: "Raw SQL belongs in the module's repo.ts (or a *-repo.ts beside it)." }],
          patterns: [NO_ROUTER_IMPORTS],
        },
      ],
    },
  },
);
