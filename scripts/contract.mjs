// The contract's TypeScript (shared/src), run by Node as it is (type stripping) in the repo's
// scripts: the same rules and tables the apps are built from, no second copy. Only files without
// runtime imports of other contract files can be read this way (locales, cookies, routes,
// startState). shared/package.json has no "type" (rspack, jest and tsx read the package as it is),
// so Node would say once that it detected ES module syntax: that one expected notice is left out,
// any other warning is printed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './packages.mjs';

/** The modules `shared/src/<name>.ts`, in the order named. */
export function importContract(...names) {
  return importSource(...names.map((name) => `shared/src/${name}.ts`));
}

/** TypeScript modules of the repo without runtime imports (paths from the repo's root), in the order named. */
export async function importSource(...files) {
  const emitWarning = process.emitWarning;
  process.emitWarning = function (warning, ...rest) {
    const code = typeof rest[0] === 'object' ? rest[0]?.code : rest[1];
    if (code === 'MODULE_TYPELESS_PACKAGE_JSON') return;
    return emitWarning.call(this, warning, ...rest);
  };
  try {
    return await Promise.all(files.map((file) => import(pathToFileURL(path.join(ROOT, file)).href)));
  } finally {
    process.emitWarning = emitWarning;
  }
}
