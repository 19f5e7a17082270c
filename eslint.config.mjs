/**
 * One lint for the whole workspace (`pnpm lint`). Besides the recommended presets (syntax only,
 * no type information, so it stays fast on two cores) it holds the architecture's boundaries, so
 * a change that crosses one fails CI instead of waiting for a reviewer to notice:
 *
 * - a remote never imports another remote or the shell, and the shell never imports a remote:
 *   each remote is its own deployment, which the shell loads through Module Federation, and
 *   cross-links are named routes the shell resolves (STYLE §4.2, ADR 0001);
 * - a package is entered only through its package.json `exports`: no `@backlay/shared/src/…`,
 *   no relative path into another package's folder;
 * - the api and the studio (both Node services) import only the isomorphic subpaths of
 *   @backlay/shared, never its root, which pulls React, axios, rxjs and socket.io-client into the server;
 * - no `export *`: an index names what it exports, so what a package offers is reviewed and
 *   nothing stays exported after its last caller is gone.
 *
 * docs/ARCHITECTURE.md ("Boundaries") says the same for readers; shared/src/lint-boundaries.test.ts
 * proves that each boundary bites.
 */
import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The folders of pnpm-workspace.yaml's `packages:` list, so a new package gets its boundaries at once. */
const WORKSPACE_YAML = readFileSync(new URL('./pnpm-workspace.yaml', import.meta.url), 'utf8');
const WORKSPACE_LIST = /^packages:\r?\n((?:[ \t]+-.*\r?\n?)+)/m.exec(WORKSPACE_YAML)[1];
const WORKSPACE = [...WORKSPACE_LIST.matchAll(/-\s*['"]?([^'"\s]+)/g)].map((m) => m[1]);

/** The workspace's packages, each with its name and the subpaths its package.json `exports` declares. */
const PACKAGES = WORKSPACE.map((dir) => {
  const manifest = JSON.parse(readFileSync(new URL(`./${dir}/package.json`, import.meta.url), 'utf8'));
  const subpaths = Object.keys(manifest.exports ?? {})
    .filter((key) => key !== '.')
    .map((key) => key.slice(2));
  return { dir, name: manifest.name, subpaths };
});
const REMOTES = WORKSPACE.filter((dir) => dir.startsWith('remote-'));
const FRONT_ENDS = ['shell', ...REMOTES];
/** The API modules and live clients of @backlay/shared that screens take from useApis() (ADR 0051). */
const API_SINGLETONS = [
  'authApi', 'betsApi', 'casinoApi', 'casinoIntApi', 'casinoLive', 'clientsApi', 'marketData', 'paymentsApi', 'registrationApi',
  'responsibleGamblingApi', 'securityApi', 'settingsApi', 'sportsAdminApi', 'sportsApi', 'statementApi', 'exportApi',
];

/** The subpaths of @backlay/shared that run in Node without a browser library: the api's only way in (folder-graph: the packages' folder-graph tests). */
const SHARED_ISOMORPHIC = ['contracts', 'statement-words', 'domain', 'common-passwords', 'casino', 'cw1', 'folder-graph'];

/** Escapes text for a RegExp; a `*` of an exports pattern stands for any subpath. */
const literal = (text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.+');
const oneOf = (texts) => `(?:${texts.map(literal).join('|')})`;
const packageOf = (dir) => PACKAGES.find((p) => p.dir === dir);

/**
 * The names of react-router that the federation shares (shared/build/react-router-client.mjs):
 * the front ends may import only these from 'react-router' (types are erased, so any type), since
 * any other name would be undefined at run time (ADR 0025).
 */
const ROUTER_CLIENT = readFileSync(new URL('./shared/build/react-router-client.mjs', import.meta.url), 'utf8');
const ROUTER_NAMES = /export\s*\{([^}]*)\}/.exec(ROUTER_CLIENT)[1].split(',').map((n) => n.trim()).filter(Boolean);
const ROUTER_IMPORTS = {
  paths: [
    {
      name: 'react-router',
      allowImportNames: ROUTER_NAMES,
      allowTypeImports: true,
      message: 'The apps share only the names of shared/build/react-router-client.mjs from react-router (ADR 0025): add the name there first.',
    },
    { name: 'react-router-dom', message: "Import from 'react-router' (FRONTEND §4.11): react-router-dom only re-exports it." },
  ],
};

/**
 * The `no-restricted-imports` options of one package's files. A later flat-config block replaces
 * a rule's options instead of merging them, so each package gets all its restrictions here.
 */
function boundariesOf(dir) {
  const own = packageOf(dir);
  const patterns = [];

  for (const other of PACKAGES) {
    if (other === own) continue;
    if (FRONT_ENDS.includes(dir) && REMOTES.includes(other.dir)) {
      patterns.push({
        regex: `^${literal(other.name)}(?:/.*)?$`,
        message:
          dir === 'shell'
            ? 'The shell loads a remote through Module Federation (its route module, at run time), never from its source: each remote is its own deployment.'
            : 'A remote never imports another remote: each is its own deployment. Ask the shell for a named route (contracts/routes) or move the shared piece to @backlay/shared.',
      });
    } else if (REMOTES.includes(dir) && other.dir === 'shell') {
      patterns.push({
        regex: `^${literal(other.name)}(?:/.*)?$`,
        message: 'A remote never imports the shell: the shell hosts the remotes, not the other way round. What both need belongs in @backlay/shared.',
      });
    } else {
      const declared = other.subpaths.length > 0 ? `(?!${oneOf(other.subpaths)}$)` : '';
      patterns.push({
        regex: `^${literal(other.name)}/${declared}.+$`,
        message: `Import ${other.name} only through its package.json exports (${other.subpaths.join(', ') || 'none'}): its files are private and may move.`,
      });
    }
  }

  if (dir === 'api' || dir === 'studio') {
    const browserOnly = packageOf('shared').subpaths.filter((s) => !SHARED_ISOMORPHIC.includes(s));
    patterns.push({
      regex: `^@backlay/shared(?:/${oneOf(browserOnly)})?$`,
      message: `The ${dir} imports only the isomorphic subpaths of @backlay/shared (${SHARED_ISOMORPHIC.join(', ')}): the root and the browser subpaths pull React, axios, rxjs and socket.io-client into the server.`,
    });
  }

  // Relative paths that climb out of this package into another package's folder: the top folders
  // of the other packages, those of a package nested in this one (shared/build), and, for a
  // nested package, its parent's other folders.
  const nested = PACKAGES.filter((p) => p.dir.startsWith(`${dir}/`)).map((p) => p.dir.slice(dir.length + 1));
  const parent = PACKAGES.find((p) => dir.startsWith(`${p.dir}/`));
  const siblings = parent
    ? readdirSync(new URL(`./${parent.dir}/`, import.meta.url), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && `${parent.dir}/${entry.name}` !== dir)
        .map((entry) => entry.name)
    : [];
  const tops = PACKAGES.filter((p) => p !== own && p !== parent && !p.dir.startsWith(`${dir}/`)).map((p) => p.dir.split('/')[0]);
  const folders = [...new Set([...tops, ...nested, ...siblings])];
  patterns.push({
    regex: `^(?:\\.\\./)+${oneOf(folders)}(?:/|$)`,
    message: 'Do not reach into another package by a relative path: import it by name, through its package.json exports.',
  });

  return { patterns };
}

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/data/**',
      '**/.data-*/**',
      // Generated by shared/build/common-passwords.mjs: half a megabyte of one string.
      '**/*.data.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // A disable comment that no longer disables anything fails the lint instead of lingering.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_` marks a binding kept on purpose (a counted loop variable, a key left out of a rest
      // object), as the code already does.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message: 'Name what a module exports (export { a, type B } from …): `export *` hides what a package offers and keeps dead code exported.',
        },
      ],
    },
  },
  {
    // Build scripts, benches and tool configs run in Node.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // CommonJS (tool configs, and api/ whose package.json says "type": "commonjs") has only require().
    files: ['**/*.cjs', 'api/**/*.js', 'studio/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The shell's service worker (offline page, chunk cache, push): a plain script, served as it is.
    files: ['shell/public/sw.js'],
    languageOptions: { sourceType: 'script', globals: globals.serviceworker },
  },
  {
    // The studio's game and verify pages: plain browser scripts, served as they are.
    files: ['studio/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },
  {
    files: ['{shell,remote-*,shared}/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-restricted-imports': ['error', ROUTER_IMPORTS],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message: 'Name what a module exports (export { a, type B } from …): `export *` hides what a package offers and keeps dead code exported.',
        },
        {
          // A page's first localeCompare builds ICU's collator: 13–33 ms of a phone's main thread
          // (docs/bench/first-page.md, 2026-12-01). Times, dates and ids sort by code units; names
          // a person reads sort with an Intl.Collator made once (ui/sortable.tsx).
          selector: "CallExpression[callee.property.name='localeCompare']",
          message: 'Not localeCompare in the front ends: compareCodeUnits (@backlay/shared) for ISO times, dates and ids; a module-level Intl.Collator for names a person reads.',
        },
      ],
    },
  },
  ...PACKAGES.map(({ dir }) => ({
    files: [`${dir}/**/*.{js,mjs,cjs,ts,tsx}`],
    ignores: PACKAGES.filter((p) => p.dir.startsWith(`${dir}/`)).map((p) => `${p.dir}/**`),
    rules: { 'no-restricted-imports': ['error', boundariesOf(dir)] },
  })),
  ...FRONT_ENDS.map((dir) => ({
    // Screens and hooks take the API modules from useApis() (ADR 0051), so a test hands them fakes
    // instead of mocking @backlay/shared. Tests and the shell's session (not React) may still
    // import the singletons.
    files: [`${dir}/src/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', 'shell/src/session/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...boundariesOf(dir),
          paths: [{ name: '@backlay/shared', importNames: API_SINGLETONS, message: 'A screen or hook takes its API from useApis() (ADR 0051), so its tests hand it a fake.' }],
        },
      ],
    },
  })),
);
