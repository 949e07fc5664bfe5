const { createConfig } = require('../rspack.base.js');

module.exports = createConfig({
  dirname: __dirname,
  name: 'mf_chat',
  port: 8083,
  exposes: { './mount': './src/mount.tsx', './member-safety': './src/safety/member-safety.tsx', './presence-setting': './src/safety/presence-setting.tsx' },
});
