import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = (() => {
  try {
    return readdirSync('src/web/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
})();

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
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/common', from: './src/server', message: 'src/common is shared: it imports neither side.' },
            { target: './src/common', from: './src/web', message: 'src/common is shared: it imports neither side.' },
            { target: './src/web', from: './src/server', message: 'The web app talks to the server over HTTP only.' },
            { target: './src/server', from: './src/web', message: 'The server does not import the web app.' },
            ...featureZones,
            ...sharedLayers,
          ],
        },
      ],
      // Cycles make load order matter and hide which module owns what (src/common/schemas included).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The app routes with its own router (src/web/routing), a few KB instead of React Router's 30.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react-router', 'react-router-dom', 'react-router/*'], message: 'Import routing from src/web/routing.' }] },
      ],
    },
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
);
