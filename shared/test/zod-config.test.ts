// The site's Content-Security-Policy has no 'unsafe-eval' (scripts/serve/headers.mjs). zod's fast
// path compiles parsers with `new Function` and probes for it at the first parse, which the browser
// reports as a policy violation (a journey failed on it in the harness). Every schema module turns
// that off in the browser before any of its schemas can parse.
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

describe("zod in the browser (no eval under the site's CSP)", () => {
  it.each(['site', 'user', 'auth', 'account', 'social', 'content', 'commerce'])(
    'importing the %s schemas alone sets zod jitless before anything parses',
    (name) => {
      const g = globalThis as ZodGlobal;
      if (g.__zod_globalConfig) delete g.__zod_globalConfig.jitless;
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        require(`../src/schemas/${name}`);
      });
      expect(g.__zod_globalConfig?.jitless).toBe(true);
    },
  );
});
