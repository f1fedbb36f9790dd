import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['auth', 'cart', 'catalog', 'contact', 'invoices', 'orders', 'profile', 'policies', 'landing', 'payments'];

export default tseslint.config(
  { ignores: ['dist', '.tmp', 'node_modules', 'coverage', 'reports', 'public'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
      // Imports flow one way: domain -> lib -> features -> app; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/domain', from: ['./src/lib', './src/features', './src/app', './src/components', './server'] },
            { target: './src/lib', from: ['./src/features', './src/app', './src/components'] },
            { target: './src/components', from: ['./src/features', './src/app'] },
            { target: './src/features', from: ['./src/app'] },
            { target: './server', from: ['./src/lib', './src/features', './src/app', './src/components'] },
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
            })),
          ],
        },
      ],
    },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/**', 'src/features/*/api.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['firebase', 'firebase/*'], message: 'Firebase is used only in src/lib and features/*/api.ts.' }] },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-*', 'firebase', 'firebase/*', 'firebase-admin', 'firebase-admin/*'], message: 'src/domain is pure TypeScript.' }] },
      ],
    },
  },
  prettier,
);
