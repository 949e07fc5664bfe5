const { createConfig } = require('../rspack.base.js');

// The back office: operators' pages only (auth level `operator` in the route table). Its own
// origin (8088; 8087 is the e2e suite's second build), so that no member page ever loads it.
module.exports = createConfig({
  dirname: __dirname,
  name: 'mf_backoffice',
  port: 8088,
  exposes: { './mount': './src/mount.tsx' },
});
