const createWebpackConfig = require('@backlay/build/webpack');

/** The host: no build-time remotes; remotes are found at run time from /remotes.json. */
const base = createWebpackConfig({
  dir: __dirname,
  name: 'shell',
  isHost: true,
  runtimePlugins: [require.resolve('./src/federation/loader-plugin.ts')],
});

/** Emit the default remotes config (local ports) beside index.html; environments override it. */
class EmitRemotesConfig {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EmitRemotesConfig', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EmitRemotesConfig', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const source = require('node:fs').readFileSync(require('node:path').join(__dirname, 'public', 'remotes.json'));
        compilation.emitAsset('remotes.json', new compiler.webpack.sources.RawSource(source));
      });
    });
  }
}

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.plugins.push(new EmitRemotesConfig());
  return config;
};
