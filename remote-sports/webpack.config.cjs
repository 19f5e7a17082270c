const createWebpackConfig = require('@backlay/build/webpack');

/** The sports remote: its own build and deployment; it exposes one route module. */
module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'sports',
  exposes: { './routes': './src/expose/routes.tsx' },
});
