// A loader of the monolith build (rspack.base.js monolith()): it compiles every remote into one
// build, where two remotes' lazy views of the same name (`view-home` of mf-search and of
// mf-backoffice) would become one chunk, and a route would count the other remote's view. Each
// remote's view chunks are named `view-<container>~<view>` here (scripts/budgets.mjs
// measureMonolith reads them so); the federated builds keep `view-<view>`, one remote per build.
module.exports = function viewChunkNames(source) {
  const dir = /[\\/](mf-[a-z-]+)[\\/]src[\\/]/.exec(this.resourcePath)?.[1];
  if (!dir) return source;
  return source.replace(/webpackChunkName: "view-/g, `webpackChunkName: "view-${dir.replace(/-/g, '_')}~`);
};
