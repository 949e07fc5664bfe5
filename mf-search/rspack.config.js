const { createConfig } = require('../rspack.base.js');

module.exports = createConfig({
  dirname: __dirname,
  name: 'mf_search',
  port: 8082,
  exposes: { './mount': './src/mount.tsx', './members-grid': './src/members/fragment.tsx' },
});
