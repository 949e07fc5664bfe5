const { createConfig } = require('../rspack.base.js');

module.exports = createConfig({
  dirname: __dirname,
  name: 'mf_landers',
  port: 8086,
  exposes: { './mount': './src/mount.tsx', './legal-document': './src/pages/legalFragment.tsx' },
});
