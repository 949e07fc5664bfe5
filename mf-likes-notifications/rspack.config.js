const { createConfig } = require('../rspack.base.js');

module.exports = createConfig({
  dirname: __dirname,
  name: 'mf_likes_notifications',
  port: 8084,
  exposes: { './mount': './src/mount.tsx' },
});
