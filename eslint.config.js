// ESLint: JavaScript and TypeScript rules, React hooks, accessibility of JSX, and the layers of app/ pointing one way
// (docs/decisions/190-layers-and-lint.md). Formatting is Prettier's job, not ESLint's.
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The layers of app/, lowest first. A file may import from its own layer and the ones below it, never from above:
//   domain    pure rules and data (traffic modes, geometry, time…): no I/O, imports nothing but domain
//   infra     the process's outside world: configuration, logs, mail, translations, the CLI/server hand-off
//   db        schema and connection
//   services  the service methods, on db, infra and domain
//   lib       web glue: request context, guards, cookies, sessions on HTTP, responses
//   top       routes, components, root, entries, CLI: may import every layer, but never the database directly
const LAYERS = ['domain', 'infra', 'db', 'services', 'lib']
const TOP = [
  'app/routes',
  'app/components',
  'app/cli',
  'app/root.tsx',
  'app/routes.ts',
  'app/entry.client.tsx',
  'app/entry.server.tsx',
]
const layerZones = [
  ...LAYERS.map((layer, i) => ({
    target: `./app/${layer}`,
    from: [...LAYERS.slice(i + 1).map((above) => `./app/${above}`), ...TOP.map((t) => `./${t}`)],
    message: `the ${layer} layer imports only from ${LAYERS.slice(0, i + 1).join(', ')} (docs/decisions/190-layers-and-lint.md)`,
  })),
  {
    target: ['./app/routes', './app/components'],
    from: './app/db',
    message: 'routes and components reach the database through a service (docs/decisions/190-layers-and-lint.md)',
  },
]
// The web glue reaches the database only through services, not even for a type: the app instance is opened by a
// service, and the handle it carries is typed there (docs/decisions/290-services-speak-no-http.md). Its tests may
// set up rows directly.
const libZone = {
  target: './app/lib',
  from: './app/db',
  message: 'app/lib reaches the database through a service (docs/decisions/290-services-speak-no-http.md)',
}

// Services take typed input and return typed results: the form, the request and the page address stay in routes and
// app/lib (whose helpers a service cannot import anyway, being below it), so a service imports no React Router, no
// conform, and uses none of the web platform's request objects nor a query string (docs/decisions/290-services-speak-no-http.md).
const SERVICES_SPEAK_NO_HTTP =
  'services take typed input: forms, requests and URLs stay in routes and app/lib (docs/decisions/290-services-speak-no-http.md)'
const HTTP_GLOBALS = ['FormData', 'Request', 'Response', 'Headers', 'URLSearchParams']

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-*/',
      'data/',
      'node_modules/',
      '.react-router/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
      'public/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // A type-only import says so (TypeScript's `verbatimModuleSyntax` keeps the others); `import('…').T` in a type
      // stays allowed, as vitest's `importOriginal<typeof import('…')>()` needs it.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    files: ['**/*.{jsx,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.{jsx,tsx}'],
    rules: {
      // Our choice labels wrap their text in two spans (choice__text › choice__label).
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
      // A component's autoFocus prop (the questionnaire's next question) decides itself how to move focus.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, libZone] }],
    },
  },
  {
    files: ['app/lib/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    // The pure rules reach the browser with the pages that use them: a schema library imported by one of them lands
    // in that page's bundle (zod added 13 KB to the ways list once). Schemas of the domain's values live in
    // files of their own, named *Schema.ts, which only forms and services import.
    files: ['app/domain/**/*.ts'],
    ignores: ['**/*.test.ts', 'app/domain/**/*Schema.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*'],
              message:
                'A domain module stays free of zod (it would ship in every page that uses it): put the schema in a *Schema.ts file.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/services/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react-router', 'react-router/*', '@react-router/*', '@conform-to/*'],
              message: SERVICES_SPEAK_NO_HTTP,
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...HTTP_GLOBALS.map((name) => ({ name, message: SERVICES_SPEAK_NO_HTTP }))],
      // The same names as types (a parameter `form: FormData`), which the globals rule does not see.
      'no-restricted-syntax': [
        'error',
        { selector: `TSTypeReference[typeName.name=/^(${HTTP_GLOBALS.join('|')})$/]`, message: SERVICES_SPEAK_NO_HTTP },
      ],
    },
  },
  {
    // A client navigation's data request arrives as `<page>.data?_routes=…`: loaders, actions and middleware read the
    // page's address from their `url` argument, never from `request.url` (docs/decisions/276-react-router-8.md).
    // Comparing origins stays allowed.
    files: ['app/routes/**/*.{ts,tsx}', 'app/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "NewExpression[callee.name='URL'][arguments.0.object.name='request'][arguments.0.property.name='url']:not(MemberExpression[property.name='origin'] > NewExpression.object)",
          message: "Read the page's address from the `url` argument: `request.url` may be the data request's.",
        },
      ],
    },
  },
  {
    // Playwright fixtures take their dependencies as a destructured first argument, none at all as `{}`.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
)
