import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries of ../shared/ARCHITECTURE.md: shared imports no app, web never imports the
// server (nor the server the web), features do not import each other, and web infrastructure
// (lib, components, the API clients in api/) does not import features. Test helpers (web/src/test) import no screens.
// A server module (apps/server/src/modules/<name>) uses another only through the functions its
// *.repository.ts files export: never its tables nor its routes; and only one below it in
// SERVER_LAYERS.
const boundaryElements = [
  { type: 'shared', pattern: 'packages/shared/src' },
  { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
  { type: 'server', pattern: 'apps/server' },
  { type: 'web-app', pattern: 'apps/web/src/app' },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
  { type: 'web-api', pattern: 'apps/web/src/api' },
  { type: 'web-components', pattern: 'apps/web/src/components' },
  { type: 'web-lib', pattern: 'apps/web/src/lib' },
  { type: 'web-test', pattern: 'apps/web/src/test' },
  { type: 'e2e', pattern: 'e2e' },
];

/**
 * The server's modules in layers, lowest first. A module imports only the modules before it in
 * this order (its own layer's lower members and the lower layers), so no import points upward
 * and none closes a circle. Where a lower module needs an answer from a higher one, the higher
 * one writes into the lower one's ledger or sets a hook at start-up (modules/server-module.ts).
 * Tables are the one exception: a ledger's row points back at the document that wrote it (a
 * foreign key), so a *.table.ts may import any module's table; the cycle check in
 * scripts/test.mjs (dependency-cruiser) still refuses any circle among them.
 */
const SERVER_LAYERS = [
  // platform: files, audit trail, users and their sessions, settings, sign-in, idempotency keys,
  // backups, scheduled jobs, the bell, the e-mail outbox
  [
    'arquivos',
    'auditoria',
    'usuarios',
    'configuracoes',
    'auth',
    'idempotencia',
    'backups',
    'tarefas',
    'notificacoes',
    'emails',
  ],
  // registries and catalogue
  [
    'cadastros',
    'categorias',
    'produtos',
    'servicos',
    'custos-adicionais',
    'tabelas-precos',
    'etiquetas',
  ],
  // ledgers: stock, the counter's cash drawer, money
  ['estoque', 'caixas', 'financeiro'],
  // documents that move stock or money
  ['vendas', 'ordens-servico', 'orcamentos'],
  // what reads or writes many documents
  ['fiscal', 'contratos', 'locacoes', 'assinaturas', 'relatorios', 'importacao'],
];
const SERVER_MODULE_ORDER = SERVER_LAYERS.flat();

/** From each module, its lower modules' repositories (micromatch's {a,b} on the captured name). */
const layerPolicies = SERVER_MODULE_ORDER.slice(1).map((module, index) => ({
  from: { element: { type: 'server-module', captured: { module } } },
  allow: {
    to: {
      element: {
        type: 'server-module',
        captured: { module: `{${SERVER_MODULE_ORDER.slice(0, index + 1).join(',')}}` },
        fileInternalPath: '*.repository.ts',
      },
    },
  },
}));

const allow = (from, to) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } } },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      '**/*.tsbuildinfo',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // The API is called only from the resource clients in apps/web/src/api (one per resource):
    // screens, shared components and app wiring use their hooks, never the HTTP helpers.
    files: ['apps/web/src/{app,components,features}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/api-client'],
              importNames: ['apiRequest', 'apiPage', 'apiBlob', 'apiPostBlob', 'apiDownload'],
              message: 'Chame a API pelo cliente do recurso em apps/web/src/api.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Chame a API pelo cliente do recurso em apps/web/src/api.' },
      ],
    },
  },
  {
    files: ['packages/**/*.ts', 'apps/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': boundaryElements,
      'boundaries/legacy-templates': false,
      'import/resolver': {
        typescript: {
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
      },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { allow: { to: { module: { origin: { anyOf: ['external', 'core'] } } } } },
            allow('shared', ['shared']),
            // App wiring, plugins, seeds and server tests may use any module (the idempotency
            // plugin keeps its own table in modules/idempotencia).
            allow('server', ['server', 'server-module', 'shared']),
            allow('server-module', ['server', 'shared']),
            // The last policy that matches decides: one module may not import another, except
            // what the next policies allow (its own files; a lower module's repositories; tables
            // and tests reaching other tables).
            {
              from: { element: { type: 'server-module' } },
              disallow: { to: { element: { type: 'server-module' } } },
              message:
                'O módulo {{from.element.captured.module}} só usa módulos abaixo dele (SERVER_LAYERS em eslint.config.js), e só pelas funções que os <módulo>.repository.ts deles exportam: {{to.element.captured.module}} não é um deles, ou isto não é um repository.',
            },
            {
              from: { element: { type: 'server-module' } },
              allow: {
                to: {
                  element: {
                    type: 'server-module',
                    captured: { module: '{{from.element.captured.module}}' },
                  },
                },
              },
            },
            ...layerPolicies,
            // A table may point at another module's table (a foreign key); a module's tests may
            // set data up in other modules' tables.
            {
              from: {
                element: { type: 'server-module', fileInternalPath: ['*.table.ts', '*.test.ts'] },
              },
              allow: {
                to: { element: { type: 'server-module', fileInternalPath: '*.table.ts' } },
              },
            },
            allow('web-app', [
              'web-app',
              'web-feature',
              'web-api',
              'web-components',
              'web-lib',
              'web-test',
              'shared',
            ]),
            allow('web-api', ['web-api', 'web-lib', 'shared']),
            allow('web-components', ['web-components', 'web-api', 'web-lib', 'web-test', 'shared']),
            allow('web-lib', ['web-lib', 'shared']),
            allow('web-test', ['web-lib', 'shared']),
            allow('e2e', ['e2e', 'shared']),
            allow('web-feature', ['web-api', 'web-components', 'web-lib', 'web-test', 'shared']),
            {
              from: { element: { type: 'web-feature' } },
              allow: {
                to: {
                  element: {
                    type: 'web-feature',
                    captured: { feature: '{{from.element.captured.feature}}' },
                  },
                },
              },
            },
          ],
        },
      ],
    },
  },
);
