/**
 * The import architecture, checked by `npm run lint` (dependency-cruiser reads TypeScript's type-only
 * imports too: a cycle through types ties two designs together just the same).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'Modules import each other in a circle; move what both need into a third.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-feature-through-its-service',
      comment: "A server feature uses another feature only through that feature's *.service.ts.",
      severity: 'error',
      from: { path: '^server/features/([^/]+)/' },
      to: { path: '^server/features/', pathNot: ['^server/features/$1/', '[.]service[.]ts$'] },
    },
    {
      name: 'client-feature-through-its-index',
      comment: "A client feature uses another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: '^client/src/features/([^/]+)/' },
      to: { path: '^client/src/features/', pathNot: ['^client/src/features/$1/', '^client/src/features/[^/]+/index[.]tsx?$'] },
    },
    {
      name: 'client-feature-not-app',
      comment: 'app/ composes the features; a feature never reaches back into it (shared parts live in lib/ or components/).',
      severity: 'error',
      from: { path: '^client/src/(features|lib|components)/' },
      to: { path: '^client/src/app/' },
    },
    {
      name: 'shared-is-plain',
      comment: 'shared/ runs in the browser and in Node: it imports neither, nor the server or the client.',
      severity: 'error',
      from: { path: '^shared/' },
      to: {
        dependencyTypesNot: ['type-only'],
        path: '^(server|client|scripts|bench|tests)/',
      },
    },
    {
      name: 'shared-no-node',
      severity: 'error',
      from: { path: '^shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'migrations-import-no-app-code',
      comment: 'A migration is frozen once applied: it may not change because app code did.',
      severity: 'error',
      from: { path: '^migrations/' },
      to: { path: '^(server|client|shared|scripts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|coverage|[.]cache|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
