// The portal's layers (DESIGN.md, "One contract"), checked by `npm run lint`:
// the shared folders import nothing of the browser app or the server, the browser app nothing of
// the server, the database layer no domain folder, the event log nothing above it, the routes are
// registered by the app alone, and no module reaches itself through others.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Modules form no import cycle, type-only imports included.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment:
        'api/, rules/, machines/, engine/ and workers/ are shared by the server and the browser: they import nothing of src/ or server/.',
      from: { path: '^(api|rules|machines|engine|workers)/' },
      to: { path: '^(src|server)/' },
    },
    {
      name: 'contract-imports-only-rules',
      severity: 'error',
      comment: 'The API contract and the shared rules import only each other and libraries.',
      from: { path: '^(api|rules)/' },
      to: { path: '^(machines|engine|workers|scripts|tests)/' },
    },
    {
      name: 'browser-imports-no-server',
      severity: 'error',
      comment: 'The browser app reaches the server through the API only.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'db-imports-no-domain',
      severity: 'error',
      comment: 'server/db/ is the database layer: it imports no domain folder of the server.',
      from: { path: '^server/db/' },
      to: { path: '^server/', pathNot: '^server/db/' },
    },
    {
      name: 'event-log-imports-no-domain',
      severity: 'error',
      comment:
        'server/events/ is the event log, its projectors and the read models they write: it stands under every domain folder and imports nothing of the server but itself, the database layer and the error types.',
      from: { path: '^server/events/' },
      to: { path: '^server/', pathNot: '^server/(events/|db/|errors[.]ts$)' },
    },
    {
      name: 'routes-imported-only-by-app',
      severity: 'error',
      comment:
        'A route module only registers routes, and server/app.ts registers them all (tests may import one): what two routes share lives in a domain folder.',
      from: { pathNot: '^(server/app[.]ts$|tests/)' },
      to: { path: '^server/routes/' },
    },
    {
      name: 'plugins-imported-only-by-app-and-routes',
      severity: 'error',
      comment:
        'The plugins (auth, errors, services, ...) wrap the domain for Fastify: server/app.ts loads them and routes use them; the domain folders never import them.',
      from: { path: '^server/', pathNot: '^server/(app[.]ts$|main[.]ts$|routes/|plugins/)' },
      to: { path: '^server/plugins/' },
    },
    {
      name: 'app-imports-no-tests',
      severity: 'error',
      comment: 'Nothing but tests and scripts imports the tests.',
      from: { pathNot: '^(tests|scripts)/' },
      to: { path: '^tests/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data|engine-rs/target|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
