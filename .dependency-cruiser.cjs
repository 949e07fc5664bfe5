// Import cycles, found on the whole import graph (a linter that reads one file at a time cannot see
// them): `npm run lint` runs `depcruise` over the API, the contract, the shell and the remotes and
// fails on any cycle, type-only imports included (a cycle of types is still two modules that cannot
// be understood, moved or tested one without the other). docs/architecture.md, "Boundaries".
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Break the cycle: move what both need into a module that imports neither (see docs/architecture.md, "Boundaries").',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
