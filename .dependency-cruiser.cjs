// The architecture as rules (docs/architecture.md, "Layers"): `npm run lint` fails when an import breaks one.
// Type-only imports count: a cycle through types is still a cycle a reader has to untangle.

/**
 * A forbidden dependency, an error: an import from `from` to `to` breaks it. Each side is a path pattern, or
 * dependency-cruiser's own condition where it needs more (`pathNot`, `circular`, dependency types).
 * @param {string} name
 * @param {string} comment
 * @param {string | Record<string, unknown>} from
 * @param {string | Record<string, unknown>} to
 */
const forbid = (name, comment, from, to) => ({
  name,
  severity: 'error',
  comment,
  from: typeof from === 'string' ? { path: from } : from,
  to: typeof to === 'string' ? { path: to } : to,
});

/** The workspaces that run as servers, which the web app and the back office reach over HTTP only. */
const SERVERS = '^(api|gateway|server-kit|payment-simulator)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid('no-cycles', 'Modules import one another one way only.', {}, { circular: true }),
    forbid(
      'web-not-servers',
      'The web app talks to the gateway over HTTP only; it never imports the api, the gateway or the server kit.',
      '^web/',
      SERVERS,
    ),
    forbid(
      'gateway-not-api',
      'The gateway reaches the api over REST; only its tests start a real api in-process.',
      { path: '^gateway/src/', pathNot: '(\\.test\\.ts$|^gateway/src/test/)' },
      '^api/',
    ),
    forbid(
      'gateway-web-types-only',
      'The gateway reads the web build at run time; of its sources it imports the server contract only, as types.',
      '^gateway/',
      { path: '^web/', pathNot: '^web/src/server-contract\\.ts$' },
    ),
    forbid('api-not-gateway-or-web', 'The api is the system of record and knows nothing of its clients.', '^api/', '^(gateway|web)/'),
    forbid(
      'admin-and-web-apart',
      'The back office and the storefront never import each other (what both need goes in shop-rules).',
      '^(admin|web)/',
      { path: '^(admin|web)/', pathNot: '^$1/' },
    ),
    forbid('admin-not-servers', 'The back office talks to the gateway over HTTP only.', '^admin/', SERVERS),
    forbid(
      'api-domain-knows-no-http',
      'Domain code throws typed domain errors (api/src/domain/errors.ts); only the app maps them to HTTP (api/src/http/errors.ts).',
      { path: '^api/src/', pathNot: '^api/src/(app\\.ts|http/)|\\.test\\.ts$' },
      '^api/src/http/errors\\.ts$',
    ),
    forbid(
      'api-admin-routes-mounted-once',
      'Each aggregate declares its staff routes in its own admin-routes.ts; only api/src/admin-routes.ts mounts them, behind the one guard.',
      { path: '^api/src/', pathNot: '^api/src/admin-routes\\.ts$|\\.test\\.ts$' },
      '^api/src/[^/]+/admin-routes\\.ts$',
    ),
    forbid(
      'api-staff-guard-in-admin-routes',
      'The staff guard and its declare() serve the admin-routes.ts files; services and desks never see HTTP.',
      { path: '^api/src/', pathNot: '(^api/src/admin-routes|/admin-routes)\\.ts$|^api/src/http/|\\.test\\.ts$' },
      '^api/src/http/staff-guard\\.ts$',
    ),
    forbid(
      'api-staff-is-accounts',
      'staff/ holds the staff accounts only (invitations, sessions, members, passkeys): the desks live in the folders of their aggregates.',
      { path: '^api/src/staff/', pathNot: '\\.test\\.ts$' },
      '^api/src/(orders|returns|refunds|checkout|payments|catalogue|products|customers|coupons|reviews|enquiries|blogs|photos|cart)/',
    ),
    forbid(
      'api-commands-call-services',
      'cli/ parses arguments and calls services; nothing else imports a command module.',
      { path: '^api/src/', pathNot: '^api/src/(cli|internal)/' },
      '^api/src/cli/',
    ),
    forbid(
      'api-one-composition-root',
      'Services are built in services.ts only: route modules and the rest receive them. The entry points that run the whole api (the process, the CLI, the test harness, the benchmarks) use it.',
      {
        path: '^api/src/',
        pathNot: '^api/src/(services|server|app|bench-exports)\\.ts$|^api/src/cli/run\\.ts$|^api/src/test/|\\.test\\.ts$',
      },
      { path: '^api/src/services\\.ts$', dependencyTypesNot: ['type-only'] },
    ),
    forbid(
      'explorer-stands-alone',
      'The GraphQL explorer talks to the gateway over HTTP only: it imports no other workspace.',
      '^explorer/',
      '^(api|gateway|web|server-kit|shop-rules|rest-contract|payment-simulator|tests)/',
    ),
    forbid(
      'shared-packages-stand-alone',
      'shop-rules, server-kit and rest-contract are used by the others and use none of them.',
      '^(shop-rules|server-kit|rest-contract)/',
      '^(api|gateway|web|payment-simulator|tests)/',
    ),
    forbid(
      'no-feature-to-feature',
      'A screen does not import another screen: what two share moves to components/ or lib/.',
      '^web/src/features/([^/]+)/',
      { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    ),
    forbid(
      'features-not-app',
      'app/ (the shell and the routes) imports the features, never the other way round.',
      '^web/src/features/',
      '^web/src/app/',
    ),
    forbid(
      'shared-web-code-not-screens',
      'components/, lib/ and config/ are shared by every screen and import none of them, nor the shell.',
      '^web/src/(components|lib|config)/',
      '^web/src/(features|app)/',
    ),
    forbid(
      'admin-no-feature-to-feature',
      'A back-office desk does not import another desk: what two share moves to components/ or lib/.',
      '^admin/src/features/([^/]+)/',
      { path: '^admin/src/features/', pathNot: '^admin/src/features/$1/' },
    ),
    forbid(
      'admin-shared-code-not-screens',
      'components/ and lib/ of the back office are shared by every desk and import none of them, nor the shell.',
      '^admin/src/(components|lib)/',
      '^admin/src/(features|app)/',
    ),
    forbid(
      'admin-features-not-app',
      'app/ (the routes, the shell, sign-in and enrolment) imports the desks, never the other way round.',
      '^admin/src/features/',
      '^admin/src/app/',
    ),
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
