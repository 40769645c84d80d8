// ESLint (flat config): typescript-eslint, React's rules of hooks, and the boundaries between the
// layers (README, "The rules the tools enforce"). `npm run lint`, a step of `npm test`: any finding fails.
import { readdirSync } from 'node:fs';
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

/** The folders of src/pages/: each a page of its own, which imports no other (shared code lives in a module of src/). */
const PAGES = readdirSync(new URL('./src/pages', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** UI packages: neither the shared rules (domain/) nor the declarations (resources/) may import them (the server reads both). */
const UI_PACKAGES = ['react', 'react-dom', 'react-dom/*', 'react-router', 'antd', 'antd/*', '@ant-design/*', '@refinedev/antd', '@refinedev/react-router'];
const sinUi = (capa) => ({
  group: UI_PACKAGES,
  message: `${capa} no importa interfaz (React, antd, iconos): el servidor la lee. Los iconos van en src/ (src/iconos-recursos.ts).`,
});

export default defineConfig(
  // generated: what .gitignore leaves out
  { ignores: ['node_modules/', 'dist/', 'test-results/', 'playwright-report/', 'bench/results/', 'server/.build/', '.data/'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `const { id: _id, ...rest } = row` drops a field: the rest is what is used
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Playwright's fixtures take their dependencies as an object pattern, `async ({}, use) => …`
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  {
    // Tests read the loosely typed JSON of answers.
    files: ['tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // ---- React: the rules of hooks ---------------------------------------------------------------
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      // Two of the React Compiler's rules (in the plugin's recommended set since version 6): the portal
      // is not compiled by it, and it keeps the latest callback in a ref assigned during render
      // (AuthSync, useResourceModal…) and mirrors props into state in effects (the dialogs' "used
      // once" flags, the wizard's preset subject). Turn them on with the compiler, rewriting those.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
    },
  },

  // ---- The boundaries between layers -------------------------------------------------------------
  {
    plugins: { 'import-x': importX },
    settings: {
      // server/ imports its own modules as '.js' (Node's ESM), the rest without extension
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] } })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './domain', from: ['./src', './api', './resources', './providers', './server', './supabase'], message: 'domain/ (reglas puras) no importa otras capas.' },
            { target: './api', from: ['./src', './resources', './providers', './server'], message: 'api/ (los endpoints) solo importa domain/ y las acciones de acceso de supabase/functions/auth-proxy.' },
            { target: './resources', from: ['./src', './providers', './server', './supabase'], message: 'resources/ solo importa domain/ y api/.' },
            { target: './providers', from: ['./src', './server', './supabase'], message: 'providers/ importa domain/, api/ y resources/, nunca src/ ni server/.' },
            { target: './server', from: ['./src', './providers'], message: 'server/ no importa el portal (src/, providers/).' },
            { target: './supabase/functions', from: ['./src', './api', './providers', './server'], message: 'Las funciones de supabase/functions no importan el portal ni el servidor.' },
            { target: './src', from: ['./server', './supabase'], message: 'El portal (src/) no importa server/.' },
            // the browser reads of api/ the routes alone (their paths and methods): the endpoints' zod
            // schemas and texts stay out of its bundle (api/routes.ts, scripts/vite-plugins.ts buildTimeData)
            {
              target: ['./src', './providers', './resources'],
              from: './api',
              except: ['./routes.ts'],
              message: 'El portal lee de api/ solo las rutas (api/routes.ts): los esquemas de los endpoints no llegan al navegador.',
            },
            // no page imports another page: what two pages share is a module of src/ (expediente/, citas/…)
            ...PAGES.map((page) => ({
              target: `./src/pages/${page}`,
              from: './src/pages',
              except: [`./${page}`],
              message: `Una página no importa otra: lo compartido va a un módulo de src/ (p. ej. src/expediente/).`,
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['domain/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [sinUi('domain/')] }] },
  },
  {
    files: ['api/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [sinUi('api/')] }] },
  },
  {
    files: ['resources/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [sinUi('resources/')] }] },
  },
);
