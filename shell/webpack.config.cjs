const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const createWebpackConfig = require('@backlay/build/webpack');

/** The host: no build-time remotes; remotes are found at run time from /remotes.json. */
const base = createWebpackConfig({
  dir: __dirname,
  name: 'shell',
  isHost: true,
  runtimePlugins: [require.resolve('./src/federation/loader-plugin.ts'), require.resolve('./src/federation/runtime-core-plugin.ts')],
});

const PUBLIC = path.join(__dirname, 'public');
const read = (file) => fs.readFileSync(path.join(PUBLIC, file));
const hash8 = (...parts) => parts.reduce((h, part) => h.update(part), createHash('sha256')).digest('hex').slice(0, 8);
/** The line of public/sw.js the build fills in with its version and the files to precache. */
const SW_BUILD_LINE = "const BUILD = { version: 'dev', precache: [] };";

/**
 * Emit the public files beside index.html (ADR 0076):
 * - remotes.json, the default remotes config (local ports), which environments override;
 * - the app's icons (public/icons: the manifest, GET /api/site/manifest, names them) and the offline page;
 * - the service worker (public/sw.js, plain JavaScript: it imports nothing), its BUILD line
 *   filled in once the chunks have their final names: the version (a hash of what it precaches
 *   and of itself) and the precache list (the entry's scripts, which index.html loads, and the
 *   offline page). A new build with any change to these is a new worker, which replaces the old.
 */
class EmitPublicFiles {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EmitPublicFiles', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EmitPublicFiles', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const file of ['remotes.json', 'offline.html']) compilation.emitAsset(file, new sources.RawSource(read(file)));
        for (const icon of fs.readdirSync(path.join(PUBLIC, 'icons'))) compilation.emitAsset(`icons/${icon}`, new sources.RawSource(read(`icons/${icon}`)));
      });
      compilation.hooks.processAssets.tap({ name: 'EmitPublicFiles', stage: Compilation.PROCESS_ASSETS_STAGE_ANALYSE }, () => {
        const worker = read('sw.js').toString('utf8');
        if (!worker.includes(SW_BUILD_LINE)) throw new Error(`public/sw.js must hold the line ${SW_BUILD_LINE}`);
        const entry = [...compilation.entrypoints.get('main').getFiles()].filter((file) => file.endsWith('.js'));
        const precache = [...entry.map((file) => `/${file}`), '/offline.html'];
        const version = hash8(worker, JSON.stringify(precache), read('offline.html'));
        const build = `const BUILD = ${JSON.stringify({ version, precache })};`;
        compilation.emitAsset('sw.js', new sources.RawSource(worker.replace(SW_BUILD_LINE, build)));
      });
    });
  }
}

/**
 * Preload hints in index.html for the scripts every page loads at once after `main` (ADR 0082):
 * the chunks of main's `import('./bootstrap')` and the shared modules those chunks consume from
 * this build (React and React DOM: the host provides them). Without the hints the browser asks
 * for them only once main has run; with them, beside main. Low priority, as webpack's own
 * requests for them have: they are async chunks, and main (the one render-blocking script) comes
 * first. The app's own chunks are not here:
 * a first visit to a sign-in page does not load them (bootstrap.tsx starts them for the others).
 */
class PreloadBootstrapChunks {
  apply(compiler) {
    const HtmlWebpackPlugin = require('html-webpack-plugin');
    compiler.hooks.thisCompilation.tap('PreloadBootstrapChunks', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadBootstrapChunks', (data) => {
        const { chunkGraph } = compilation;
        const main = compilation.entrypoints.get('main');
        // What this build provides to the share scope, by key: the page runs these copies (the
        // host registers first), not the consumes' fallbacks.
        const provides = new Map();
        for (const chunk of main.chunks) {
          for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
            if (module.type !== 'provide-module') continue;
            for (const block of module.blocks) {
              const group = chunkGraph.getBlockChunkGroup(block);
              if (group) provides.set(module._name, group);
            }
          }
        }
        const files = new Set();
        const seen = new Set();
        // A chunk group's scripts, and those of the shared modules its chunks consume, recursively.
        const addGroup = (group) => {
          if (seen.has(group)) return;
          seen.add(group);
          for (const chunk of group.chunks) {
            for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
            for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
              if (module.type !== 'consume-shared-module') continue;
              const provided = provides.get(module.options.shareKey);
              if (!provided) throw new Error(`PreloadBootstrapChunks: ${module.options.shareKey} is consumed but not provided`);
              addGroup(provided);
            }
          }
        };
        const bootstrap = main.getChildren().filter((group) => group.origins.some((o) => o.request === './bootstrap'));
        if (bootstrap.length !== 1) throw new Error(`PreloadBootstrapChunks: main's import('./bootstrap') not found`);
        addGroup(bootstrap[0]);
        const base = data.publicPath ?? '/';
        const links = [...files].sort().map((file) => HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', fetchpriority: 'low', href: `${base}${file}` }));
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

/**
 * index.html's inline stylesheet (the design system, public/index.html) without its comments.
 * They are for the people who edit it; every first page downloaded them, 3.8 of the document's
 * 16.0 KB of gzip, before anything could be drawn (issue 37). A comment is `/* … *\/` outside a
 * string; the stylesheet's strings (url(data:…), content) hold none.
 */
function stripStyleComments(html) {
  return html.replace(/(<style[^>]*>)([\s\S]*?)(<\/style>)/g, (_, open, css, close) => open + css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\n\s*\n/g, '\n') + close);
}

class StripStyleComments {
  apply(compiler) {
    const HtmlWebpackPlugin = require('html-webpack-plugin');
    compiler.hooks.thisCompilation.tap('StripStyleComments', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).beforeEmit.tap('StripStyleComments', (data) => {
        data.html = stripStyleComments(data.html);
        return data;
      });
    });
  }
}

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.plugins.push(new EmitPublicFiles(), new PreloadBootstrapChunks(), new StripStyleComments());
  return config;
};
module.exports.stripStyleComments = stripStyleComments;
