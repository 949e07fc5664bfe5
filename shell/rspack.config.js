const { createConfig } = require('../rspack.base.js');

module.exports = createConfig({
  dirname: __dirname,
  name: 'shell',
  port: 8080,
  host: true,
  extend(config, { production }) {
    // Dev: the shell's dev server fronts the member API on the same origin, like production.
    config.devServer.proxy = [{ context: ['/api'], target: process.env.API_URL || 'http://localhost:8079' }];
    if (!production) return;
  },
});
