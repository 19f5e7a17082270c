const createWebpackConfig = require('@backlay/build/webpack');

/** The casino remote: its own build and deployment; it exposes one route module. */
module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'casino',
  exposes: { './routes': './src/expose/routes.tsx' },
});
