import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Deployable units: none imports another; they share code only through contracts and platform. */
const SERVICES = ['auth', 'billing', 'drawing', 'graph', 'analysis'];
const UNITS = [...SERVICES.map((name) => ({ name, dir: `services/${name}` })), { name: 'gateway', dir: 'gateway' }];

/** `no-restricted-imports` for one unit: the other units by package name and by relative path. */
function keepUnitApart(unit) {
  const others = UNITS.filter((other) => other !== unit);
  return {
    files: [`${unit.dir}/**/*.{ts,mts}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: others.map((other) => ({
            group: [`@pid/${other.name}`, `@pid/${other.name}/**`, `**/${other.dir}/**`, `**/${other.name}/src/**`],
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
  ...UNITS.map(keepUnitApart),
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['deploy/**/*.mjs', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
