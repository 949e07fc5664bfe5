// @swc/jest, after removing `import.meta.hot` (bundler-only HMR probes in react-router's ESM
// build), which CommonJS cannot express and jest would otherwise reject as ESM syntax.
const { createTransformer } = require('@swc/jest');

module.exports = {
  createTransformer(options) {
    const swc = createTransformer(options);
    const strip = (src) => src.replace(/import\.meta\.hot/g, 'undefined');
    return {
      ...swc,
      process: (src, filename, opts) => swc.process(strip(src), filename, opts),
      processAsync: (src, filename, opts) => swc.processAsync(strip(src), filename, opts),
      getCacheKey: (src, filename, opts) => swc.getCacheKey(strip(src), filename, opts),
    };
  },
};
