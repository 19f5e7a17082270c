const createWebpackConfig = require('@backlay/build/webpack');

/** The payments remote: its own build and deployment; it exposes one route module. */
module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'payments',
  exposes: { './routes': './src/expose/routes.tsx' },
});
