import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = (() => {
  try {
    return readdirSync('src/web/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
})();

// A feature may use another feature only through that feature's index.ts.
const featureZones = features.flatMap((target) =>
  features
    .filter((from) => from !== target)
    .map((from) => ({
      target: `./src/web/features/${target}`,
      from: `./src/web/features/${from}`,
      except: ['./index.ts', './index.tsx'],
      message: `Import from the "${from}" feature's index, not its insides.`,
    })),
);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
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
          ],
        },
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
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through src/server/config.ts only.',
        },
      ],
    },
  },
);
