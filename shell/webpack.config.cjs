const createWebpackConfig = require('@backlay/build/webpack');

/** The host: no build-time remotes; remotes are found at run time from /remotes.json. */
const base = createWebpackConfig({
  dir: __dirname,
  name: 'shell',
  isHost: true,
  runtimePlugins: [require.resolve('./src/federation/loader-plugin.ts')],
});

/**
 * Emit the default remotes config (local ports) beside index.html, which environments override,
 * and the push service worker (public/push-sw.js, plain JavaScript: it imports nothing).
 */
class EmitRemotesConfig {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EmitRemotesConfig', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EmitRemotesConfig', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const file of ['remotes.json', 'push-sw.js']) {
          const source = require('node:fs').readFileSync(require('node:path').join(__dirname, 'public', file));
          compilation.emitAsset(file, new compiler.webpack.sources.RawSource(source));
        }
      });
    });
  }
}

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.plugins.push(new EmitRemotesConfig());
  return config;
};
