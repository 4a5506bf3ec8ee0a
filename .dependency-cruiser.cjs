// The cycle check of `npm run cycles` (and of npm test): no file of the server may reach itself
// through its imports, type-only imports included. The layers of the modules are eslint.config.js's.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'sem-ciclos',
      comment: 'Um import que fecha um círculo: inverta a dependência (gancho ou livro-razão).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
