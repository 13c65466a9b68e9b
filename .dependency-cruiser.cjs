/**
 * The import architecture, checked by `npm run lint` (dependency-cruiser reads TypeScript's type-only
 * imports too: a cycle through types ties two designs together just the same).
 * @type {import('dependency-cruiser').IConfiguration}
 */
/**
 * The server's features, lowest first. A feature imports only features of a lower tier, so no two
 * features can need each other; a new feature takes the lowest tier above everything it uses.
 */
const featureTiers = [
  // Records and outside facts every feature may read.
  ['audit', 'settings', 'chain', 'collection', 'rate-limits', 'lookups', 'x-auth', 'health', 'security-txt', 'simulated-x'],
  // Members and their points; the payouts and their check against the chain.
  ['users', 'staking', 'payouts'],
  // Sessions, the launch state and its gate, and the claims that earn points.
  ['auth', 'launch', 'claims'],
  // What holders see: the lists behind the reveal gate, memes, tweets, the ranking.
  ['allocation', 'point-allocations', 'memes', 'tweets', 'leaderboard', 'activity'],
  // What works on those: backups, disputes, the demo data set, stored images.
  ['backups', 'disputes', 'demo', 'uploads'],
  // The pipelines that write the lists, the public configuration, the timed clean-up.
  ['imports', 'config', 'janitor'],
  // The console, on top of everything it manages.
  ['admin'],
];

const tierRules = featureTiers.flatMap((tier, level) =>
  tier.map((feature) => {
    const notBelow = featureTiers.slice(level).flat().filter((other) => other !== feature);
    return {
      name: 'feature-tier-order',
      comment: `"${feature}" (tier ${level}) may import only features of a lower tier (featureTiers in .dependency-cruiser.cjs): move what both need down, or hand it in from server/app.ts.`,
      severity: 'error',
      from: { path: `^server/features/${feature}/` },
      to: { path: `^server/features/(${notBelow.join('|')})/` },
    };
  }),
);

/**
 * The server's layers, lowest first; server/*.ts (the app, the process, the metrics) composes them all
 * on top. A layer imports nothing above it.
 */
const serverLayers = [
  { folder: 'platform', holds: 'configuration, database, errors, HTTP plugins, small libraries', fix: 'move the feature-specific part into the feature' },
  { folder: 'integrations', holds: 'the clients of outside services', fix: 'pass what it needs in from the feature' },
  { folder: 'features' },
];

const layerRules = serverLayers.slice(0, -1).map(({ folder, holds, fix }, level) => {
  const above = serverLayers.slice(level + 1).map((layer) => layer.folder);
  return {
    name: `${folder}-below-features`,
    comment: `server/${folder}/ (${holds}) serves the layers above it (${above.join(', ')}, server/*.ts) and imports none of them: ${fix}.`,
    severity: 'error',
    from: { path: `^server/${folder}/` },
    to: { path: `^server/(${above.join('|')})/|^server/[^/]+[.]ts$` },
  };
});

module.exports = {
  forbidden: [
    ...tierRules,
    {
      name: 'feature-has-a-tier',
      comment: 'Every server feature is named in featureTiers (.dependency-cruiser.cjs), so its place in the order is declared.',
      severity: 'error',
      from: { path: '^server/features/', pathNot: `^server/features/(${featureTiers.flat().join('|')})/` },
      to: {},
    },
    {
      name: 'no-folder-cycle',
      comment: 'Two folders import each other (through any of their files): move what both need into a third, or into the lower one.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-cycle',
      comment: 'Modules import each other in a circle; move what both need into a third.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-feature-through-its-index',
      comment: "A server feature uses another feature only through that feature's index.ts: export what it needs there.",
      severity: 'error',
      from: { path: '^server/features/([^/]+)/' },
      to: { path: '^server/features/', pathNot: ['^server/features/$1/', '^server/features/[^/]+/index[.]ts$'] },
    },
    {
      name: 'outside-features-through-their-index',
      comment: "Code outside the features (the app, scripts, benchmarks) uses a feature only through its index.ts; tests may reach inside.",
      severity: 'error',
      from: { path: '^(server/(?!features/)|scripts/|bench/)' },
      to: { path: '^server/features/[^/]+/', pathNot: '^server/features/[^/]+/index[.]ts$' },
    },
    ...layerRules,
    {
      name: 'client-feature-through-its-index',
      comment: "A client feature uses another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: '^client/src/features/([^/]+)/' },
      to: { path: '^client/src/features/', pathNot: ['^client/src/features/$1/', '^client/src/features/[^/]+/index[.]tsx?$'] },
    },
    {
      name: 'client-not-server',
      comment: 'The client is built for the browser: what it shares with the server lives in shared/ (types included).',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^(server|scripts|bench)/' },
    },
    {
      name: 'client-lib-not-features',
      comment: "client/src/lib and client/src/components serve every feature and know none: pass what they need in, or move the part into the feature.",
      severity: 'error',
      from: { path: '^client/src/(lib|components)/' },
      to: { path: '^client/src/features/' },
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
      to: { path: '^(server|client|scripts|bench|tests)/' },
    },
    {
      name: 'shared-no-node',
      comment: 'shared/ runs in the browser too: no Node built-ins there; keep what needs them in server/ or scripts/.',
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
    exclude: { path: '^(dist|coverage|[.]cache|node_modules|tests/fixtures/lint-boundaries)/' },
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
