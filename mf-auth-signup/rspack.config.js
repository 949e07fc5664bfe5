const { createConfig } = require('../rspack.base.js');

module.exports = createConfig({
  dirname: __dirname,
  name: 'mf_auth_signup',
  port: 8081,
  exposes: { './mount': './src/mount.tsx', './signup-form': './src/signup/fragment.tsx' },
});
