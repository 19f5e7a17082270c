/**
 * The one webpack + Module Federation configuration of every front-end app. Each app's
 * webpack.config.cjs calls this with its name and what it exposes; everything that must be the
 * same across apps (shared singletons, time-outs, output naming) is decided here once.
 * See docs/rules/front-end-build.md §3 and §4 for why each setting is what it is.
 */
const path = require('node:path');
const { createRequire } = require('node:module');

/**
 * The shared singletons: one copy on the page, whichever app loads first provides it. Shared
 * modules are not tree-shaken, so the list holds only what must be ONE on the page (ADR 0025):
 * React and the router (their contexts), socket.io-client, @backlay/shared (the API client, bus and
 * stores live in it), and moment so the routes that load it load it once. rxjs and axios are not
 * here: no app but through @backlay/shared uses them across the boundary (an Observable is
 * consumed by its methods, never by `instanceof`; the one axios instance is inside the
 * @backlay/shared singleton), so each build keeps a tree-shaken copy inside what it provides.
 */
const SINGLETONS = [
  ['react'],
  ['react/jsx-runtime', 'react'],
  ['react-dom'],
  ['react-dom/client', 'react-dom'],
  ['react-router'],
  ['react-router-dom'],
  ['socket.io-client'],
  ['moment'],
  ['@backlay/shared'],
];

/**
 * react-router is shared as the names of react-router-client.mjs (the whole package otherwise,
 * since shared modules keep every export); the alias is how that file reaches the package itself
 * without its import being taken for the shared `react-router` again.
 */
const ROUTER_CLIENT = path.join(__dirname, 'react-router-client.mjs');
/** The stand-in for axios's fetch adapter (axios-fetch-adapter-off.mjs). */
const AXIOS_FETCH_ADAPTER_OFF = path.join(__dirname, 'axios-fetch-adapter-off.mjs');
const ROUTER_PACKAGE_ALIAS = 'backlay-react-router-package';

/**
 * The host's sign-in page (the bootstrap chunk) takes these modules of @backlay/shared by subpath,
 * and the @backlay/shared singleton it provides holds them too: in one chunk of their own the first
 * page downloads them once instead of twice (ADR 0025).
 */
const SIGN_IN_SHARED_MODULES = /[\\/]shared[\\/]src[\\/](contracts[\\/]|i18n[\\/](?!api-index)[\w-]+\.ts$|i18n[\\/]shared\.en\.json$|util[\\/](storage|sign-out)\.ts$|ui[\\/]kit\.tsx$)|[\\/]node_modules[\\/]@lingui[\\/]core[\\/]/;

/** Lazy chunks, remote entries and manifests all get 120 s (docs/rules/product.md §9). */
const CHUNK_LOAD_TIMEOUT_MS = 120000;

/**
 * @param {object} o
 * @param {string} o.dir the app's folder
 * @param {string} o.name federation name (shell, sports, casino, payments, admin)
 * @param {Record<string,string>} [o.exposes] the remote's one route module
 * @param {boolean} [o.isHost]
 * @param {string[]} [o.runtimePlugins]
 */
module.exports = function createWebpackConfig({ dir, name, exposes = {}, isHost = false, runtimePlugins = [] }) {
  const req = createRequire(path.join(dir, 'package.json'));
  const webpack = req('webpack');
  const { ModuleFederationPlugin } = req('@module-federation/enhanced/webpack');
  const HtmlWebpackPlugin = require('html-webpack-plugin');
  const TerserPlugin = require('terser-webpack-plugin');
  const version = (dep) => req(`${dep}/package.json`).version;
  const shared = Object.fromEntries(
    SINGLETONS.map(([dep, pkg = dep]) => [dep, { singleton: true, requiredVersion: `^${version(pkg)}` }]),
  );
  Object.assign(shared['react-router'], { import: ROUTER_CLIENT, version: version('react-router') });
  const routerPackage = path.join(path.dirname(req.resolve('react-router/package.json')), 'dist', 'production', 'index.mjs');

  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      // The host's page is its entry. A remote has none: its one entry is remoteEntry.js (the
      // container), which runs only under the host, on the host's federation runtime (ADR 0084).
      entry: isHost ? { main: './src/index.ts' } : {},
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, process.env.BUILD_OUT_DIR || 'dist'),
        publicPath: isHost ? '/' : 'auto',
        chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
        uniqueName: name,
        filename: '[name].[contenthash:8].js',
        chunkFilename: '[name].[contenthash:8].js',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'], alias: { [`${ROUTER_PACKAGE_ALIAS}$`]: routerPackage } },
      module: {
        rules: [
          // The message catalogs, compiled at build time (i18n-loader.cjs, ADR 0078).
          { test: /[\\/]i18n[\\/][\w.-]+\.json$/, type: 'javascript/auto', use: { loader: path.join(__dirname, 'i18n-loader.cjs') } },
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  target: 'es2022',
                  transform: { react: { runtime: 'automatic' } },
                },
              },
            },
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared,
          runtimePlugins,
          manifest: true,
          dts: false,
          // A remote loads no remote of its own, so its remoteEntry.js can leave out the runtime's
          // remote loading and manifest snapshot code; the host, which loads remotes from their
          // mf-manifest.json, keeps both (ADR 0025). Every app runs in the browser only: `target:
          // 'web'` leaves out the runtime's Node code (gzip: the shell's main −1.7 KB, a
          // remoteEntry.js −1.6 KB; ADR 0082). The federation runtime is on the page once: every
          // remoteEntry.js reads runtime-core from the page (externalRuntime) instead of carrying
          // a copy, and the host puts its own there before any remote loads (its runtime plugin
          // shell/src/federation/runtime-core-plugin.ts; ADR 0084). A remote runs only under the
          // host, and all apps build with the one pinned @module-federation/enhanced.
          experiments: isHost
            ? { optimization: { target: 'web' } }
            : { externalRuntime: true, optimization: { target: 'web', disableRemote: true, disableSnapshot: true } },
        }),
        new webpack.DefinePlugin({
          __BUILD_LABEL__: JSON.stringify(process.env.BUILD_LABEL || new Date().toISOString().slice(0, 16).replace('T', ' ')),
          __MF_LOAD_TIMEOUT_MS__: JSON.stringify(CHUNK_LOAD_TIMEOUT_MS),
        }),
        new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
        // axios's fetch adapter is never used in the browser (XMLHttpRequest comes first): left out.
        new webpack.NormalModuleReplacementPlugin(/axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/, AXIOS_FETCH_ADAPTER_OFF),
        ...(isHost ? [new HtmlWebpackPlugin({ template: path.join(dir, 'public', 'index.html'), chunks: ['main'], publicPath: '/' })] : []),
      ],
      optimization: {
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify })],
        splitChunks: isHost
          ? { cacheGroups: { signInShared: { test: SIGN_IN_SHARED_MODULES, name: 'sign-in-shared', chunks: 'all', enforce: true } } }
          : undefined,
      },
      performance: { hints: false },
      infrastructureLogging: { level: 'error' },
      stats: 'errors-warnings',
      ignoreWarnings: [/publicPath/],
    };
  };
};

module.exports.CHUNK_LOAD_TIMEOUT_MS = CHUNK_LOAD_TIMEOUT_MS;
module.exports.SINGLETONS = SINGLETONS;
