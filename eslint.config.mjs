import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every project lints from its own folder; the zones below are paths from the repository root. */
const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** Deployable units: none imports another; they share code only through contracts and platform. */
const SERVICES = ['auth', 'billing', 'drawing', 'graph', 'analysis'];
const UNITS = [...SERVICES.map((name) => ({ name, dir: `services/${name}` })), { name: 'gateway', dir: 'gateway' }];

/** The web app's feature folders (web/src/features/<name>): none imports another; shared code lives outside them. */
const FEATURES = readdirSync(new URL('web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * `import-x/no-restricted-paths` zones, checked on the resolved file of every import (relative paths,
 * workspace packages and the web app's `@pid/contracts` alias alike):
 * - a service or the gateway imports only its own folder, services/platform and services/contracts;
 * - platform imports only itself and contracts; contracts imports nothing of the repository;
 * - the web app imports only contracts, of everything outside web/;
 * - a web feature imports no other feature, and code outside web/src/features (lib, components, config,
 *   theme, test) imports no feature: only the app shell (web/src/app) puts the features together.
 */
const LAYOUT_ZONES = [
  ...UNITS.flatMap((unit) => [
    {
      target: unit.dir,
      from: 'services',
      except: [...(unit.dir.startsWith('services/') ? [`./${unit.name}`] : []), './platform', './contracts'],
      message: `${unit.name} may import only its own code, @pid/platform and @pid/contracts, never another service.`,
    },
    ...(unit.name === 'gateway' ? [] : [{ target: unit.dir, from: 'gateway', message: `${unit.name} must not import the gateway.` }]),
    { target: unit.dir, from: 'web', message: `${unit.name} must not import the web app.` },
  ]),
  {
    target: 'services/platform',
    from: 'services',
    except: ['./platform', './contracts'],
    message: 'platform may import only itself and @pid/contracts.',
  },
  { target: 'services/platform', from: ['gateway', 'web'], message: 'platform may import only itself and @pid/contracts.' },
  { target: 'services/contracts', from: 'services', except: ['./contracts'], message: 'contracts hold types and constants only.' },
  { target: 'services/contracts', from: ['gateway', 'web'], message: 'contracts hold types and constants only.' },
  { target: 'web', from: 'services', except: ['./contracts'], message: 'The web app imports only @pid/contracts from services/.' },
  { target: 'web', from: 'gateway', message: 'The web app talks to the gateway over HTTP only.' },
  ...FEATURES.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: 'web/src/features',
    except: [`./${feature}`],
    message: `Feature ${feature} must not import another feature: move the shared code out of web/src/features.`,
  })),
  {
    target: ['web/src/components', 'web/src/config', 'web/src/lib', 'web/src/theme', 'web/src/test'],
    from: 'web/src/features',
    message: 'Shared web code must not import a feature.',
  },
];

/** `no-restricted-imports` for one unit: the other units by package name, whether or not their build is there. */
function keepUnitApart(unit) {
  const others = UNITS.filter((other) => other !== unit);
  return {
    files: [`${unit.dir}/**/*.{ts,mts}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: others.map((other) => ({
            group: [`@pid/${other.name}`, `@pid/${other.name}/**`],
            message: `${unit.name} must not import ${other.name}: share code through @pid/contracts or @pid/platform.`,
          })),
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'gateway/static/**', 'var/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-unsafe-function-type': 'off',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
          alias: { '@pid/contracts': [`${ROOT}services/contracts/src/index.ts`] },
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: LAYOUT_ZONES }] },
  },
  ...UNITS.map(keepUnitApart),
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      // Off: these two React Compiler checks flag the latest-value ref (`latest.current = props` in render) and the
      // object-URL / sign-out effects, idioms this app keeps deliberately; it does not build with the React Compiler.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    files: ['deploy/**/*.mjs', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
