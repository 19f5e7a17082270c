const createWebpackConfig = require('@backlay/build/webpack');

/** The admin remote: its own build and deployment; it exposes one route module. */
module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'admin',
  exposes: { './routes': './src/expose/routes.tsx' },
});
