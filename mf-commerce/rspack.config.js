const { createConfig } = require('../rspack.base.js');

module.exports = createConfig({
  dirname: __dirname,
  name: 'mf_commerce',
  port: 8085,
  exposes: { './mount': './src/mount.tsx', './premium-photos': './src/premium-photos/premium-photos.tsx' },
});
