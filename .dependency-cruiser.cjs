// The architecture as rules (docs/architecture.md, "Layers"): `npm run lint` fails when an import breaks one.
// Type-only imports count: a cycle through types is still a cycle a reader has to untangle.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules import one another one way only.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-not-servers',
      severity: 'error',
      comment: 'The web app talks to the gateway over HTTP only; it never imports the api, the gateway or the server kit.',
      from: { path: '^web/' },
      to: { path: '^(api|gateway|server-kit|payment-simulator)/' },
    },
    {
      name: 'gateway-not-api',
      severity: 'error',
      comment: 'The gateway reaches the api over REST; only its tests start a real api in-process.',
      from: { path: '^gateway/src/', pathNot: '(\\.test\\.ts$|^gateway/src/test/)' },
      to: { path: '^api/' },
    },
    {
      name: 'gateway-web-types-only',
      severity: 'error',
      comment: 'The gateway reads the web build at run time; of its sources it imports the server contract only, as types.',
      from: { path: '^gateway/' },
      to: { path: '^web/', pathNot: '^web/src/server-contract\\.ts$' },
    },
    {
      name: 'api-not-gateway-or-web',
      severity: 'error',
      comment: 'The api is the system of record and knows nothing of its clients.',
      from: { path: '^api/' },
      to: { path: '^(gateway|web)/' },
    },
    {
      name: 'admin-and-web-apart',
      severity: 'error',
      comment: 'The back office and the storefront never import each other (what both need goes in shop-rules).',
      from: { path: '^(admin|web)/' },
      to: { path: '^(admin|web)/', pathNot: '^$1/' },
    },
    {
      name: 'admin-not-servers',
      severity: 'error',
      comment: 'The back office talks to the gateway over HTTP only.',
      from: { path: '^admin/' },
      to: { path: '^(api|gateway|server-kit|payment-simulator)/' },
    },
    {
      name: 'api-domain-knows-no-http',
      severity: 'error',
      comment:
        'Domain code throws typed domain errors (api/src/domain/errors.ts); only the app maps them to HTTP (api/src/http/errors.ts).',
      from: { path: '^api/src/', pathNot: '^api/src/(app\\.ts|http/)|\\.test\\.ts$' },
      to: { path: '^api/src/http/errors\\.ts$' },
    },
    {
      name: 'api-commands-call-services',
      severity: 'error',
      comment: 'cli/ parses arguments and calls services; nothing else imports a command module.',
      from: { path: '^api/src/', pathNot: '^api/src/(cli|internal)/' },
      to: { path: '^api/src/cli/' },
    },
    {
      name: 'api-one-composition-root',
      severity: 'error',
      comment:
        'Services are built in services.ts only: route modules and the rest receive them. The entry points that run the whole api (the process, the CLI, the test harness, the benchmarks) use it.',
      from: {
        path: '^api/src/',
        pathNot: '^api/src/(services|server|app|bench-exports)\\.ts$|^api/src/cli/run\\.ts$|^api/src/test/|\\.test\\.ts$',
      },
      to: { path: '^api/src/services\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'explorer-stands-alone',
      comment: 'The GraphQL explorer talks to the gateway over HTTP only: it imports no other workspace.',
      severity: 'error',
      from: { path: '^explorer/' },
      to: { path: '^(api|gateway|web|server-kit|shop-rules|rest-contract|payment-simulator|tests)/' },
    },
    {
      name: 'shared-packages-stand-alone',
      severity: 'error',
      comment: 'shop-rules, server-kit and rest-contract are used by the others and use none of them.',
      from: { path: '^(shop-rules|server-kit|rest-contract)/' },
      to: { path: '^(api|gateway|web|payment-simulator|tests)/' },
    },
    {
      name: 'no-feature-to-feature',
      severity: 'error',
      comment: 'A screen does not import another screen: what two share moves to components/ or lib/.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'features-not-app',
      severity: 'error',
      comment: 'app/ (the shell and the routes) imports the features, never the other way round.',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'shared-web-code-not-screens',
      severity: 'error',
      comment: 'components/, lib/ and config/ are shared by every screen and import none of them, nor the shell.',
      from: { path: '^web/src/(components|lib|config)/' },
      to: { path: '^web/src/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(/dist/|/dist-server/|__generated__|node_modules)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    extraExtensionsToScan: ['.css', '.graphql'],
    combinedDependencies: false,
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['types', 'source', 'import', 'default'],
    },
  },
};
