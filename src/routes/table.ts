import { GLOBAL_FILTERS, type AppRoute, type NavEntry, type RouteAccess } from './types';

const readOrWrite = (resource: string): string[] => [`${resource}:ro`, `${resource}:rw`];

const dashboard: RouteAccess = { permissions: readOrWrite('dashboard') };
const statement: RouteAccess = { permissions: readOrWrite('statement') };
const transaction: RouteAccess = { permissions: readOrWrite('transaction') };
const distributor: RouteAccess = { permissions: readOrWrite('distributor') };
const artist: RouteAccess = { permissions: readOrWrite('artist') };
const product: RouteAccess = { permissions: readOrWrite('product') };
const recoup: RouteAccess = { permissions: readOrWrite('recoup') };
/** A person paid through splits reads their own statements (payment:ro, as the API asks). */
const paidPerson: RouteAccess = {
  permissions: readOrWrite('payment'),
  requiredRoles: ['payee', 'collaborator', 'artist', 'owner'],
};
const admin: RouteAccess = { permissions: ['emulate:rw'], emulationRoles: ['admin'] };
const overseerWrite = (resource: string): RouteAccess => ({
  permissions: [`${resource}:rw`],
  requiredRoles: ['overseer'],
});

const app = (route: Omit<AppRoute, 'kind' | 'nav'>): AppRoute => ({
  kind: 'private',
  nav: true,
  ...route,
});
const publicPage = (id: string, path: string, titleKey: string): AppRoute => ({
  id,
  path,
  kind: 'public',
  titleKey,
  nav: false,
});

/** Every path of SPEC section 2, declared once: it drives the router, guards, navigation and breadcrumbs. */
export const ROUTES: readonly AppRoute[] = [
  // Redirects and external
  app({ id: 'root', path: '/', titleKey: 'routes.dashboard.title', redirectTo: '/dashboard' }),
  app({
    id: 'ada',
    path: '/ada',
    titleKey: 'routes.ada.title',
    access: dashboard,
    // The partner music hub (SPEC section 2): its address is the install's, given by the session.
    externalUrlFrom: 'adaHubUrl',
  }),
  app({
    id: 'reporting',
    path: '/reporting',
    titleKey: 'routes.dashboard.title',
    access: { permissions: [...readOrWrite('dashboard'), ...readOrWrite('analytics')] },
    redirectTo: '/dashboard',
  }),
  app({
    id: 'catalog',
    path: '/catalog',
    titleKey: 'routes.products.title',
    access: {
      permissions: [
        ...readOrWrite('product'),
        ...readOrWrite('distributor'),
        ...readOrWrite('recoup'),
      ],
    },
    redirectTo: '/products',
  }),
  app({
    id: 'ledger',
    path: '/ledger',
    titleKey: 'routes.payments.title',
    access: { permissions: [...readOrWrite('payment'), ...readOrWrite('statement')] },
    redirectTo: '/payments',
  }),

  // Public pages
  publicPage('login', '/login', 'routes.login.title'),
  publicPage('reset', '/reset', 'routes.reset.title'),
  publicPage('claim', '/claim', 'routes.claim.title'),
  publicPage('service-account', '/service/account', 'routes.service-account.title'),
  publicPage('service-password', '/service/password', 'routes.service-password.title'),
  publicPage('service-claim', '/service/claim', 'routes.service-claim.title'),
  publicPage('service-invitation', '/service/invitation', 'routes.service-invitation.title'),

  // Application pages
  app({
    id: 'dashboard',
    path: '/dashboard',
    titleKey: 'routes.dashboard.title',
    access: dashboard,
    filters: GLOBAL_FILTERS,
  }),
  app({
    id: 'analytics',
    path: '/analytics',
    titleKey: 'routes.analytics.title',
    access: { permissions: readOrWrite('analytics') },
    filters: ['timeframe', 'dateselect', 'artist'],
  }),
  app({
    id: 'statements',
    path: '/statements',
    titleKey: 'routes.statements.title',
    access: statement,
  }),
  app({
    id: 'statement',
    path: '/statements/:id',
    titleKey: 'routes.statement.title',
    access: statement,
    breadcrumbParent: 'statements',
  }),
  app({
    id: 'statement-logs',
    path: '/statements/:id/logs',
    titleKey: 'routes.statement-logs.title',
    access: statement,
    breadcrumbParent: 'statement',
  }),
  app({
    id: 'statement-royalties',
    path: '/statements/:id/royalties',
    titleKey: 'routes.statement-royalties.title',
    access: statement,
    breadcrumbParent: 'statement',
  }),
  app({
    id: 'periods',
    path: '/periods',
    titleKey: 'routes.periods.title',
    access: statement,
  }),
  app({
    id: 'period',
    path: '/periods/:period',
    titleKey: 'routes.period.title',
    access: statement,
    breadcrumbParent: 'periods',
  }),
  app({
    id: 'earnings',
    path: '/earnings',
    titleKey: 'routes.earnings.title',
    access: paidPerson,
    filters: ['timeframe', 'dateselect'],
  }),
  app({
    id: 'earning',
    path: '/earnings/:id',
    titleKey: 'routes.earning.title',
    access: paidPerson,
    breadcrumbParent: 'earnings',
  }),
  app({
    id: 'payments',
    path: '/payments',
    titleKey: 'routes.payments.title',
    access: transaction,
  }),
  app({
    // The label's files for its bank (PAYMENT_RAIL=bankfile): its owner's, as the API checks.
    id: 'bank-files',
    path: '/payments/bank-files',
    titleKey: 'routes.bank-files.title',
    access: { permissions: ['account:rw'], requiredRoles: ['owner'] },
    paymentRail: 'bankfile',
    breadcrumbParent: 'payments',
  }),
  app({
    id: 'payment',
    path: '/payments/:id',
    titleKey: 'routes.payment.title',
    access: transaction,
    breadcrumbParent: 'payments',
  }),
  app({
    id: 'transactions',
    path: '/transactions',
    titleKey: 'routes.transactions.title',
    access: transaction,
  }),
  app({
    id: 'transaction',
    path: '/transactions/:id',
    titleKey: 'routes.transaction.title',
    access: transaction,
    breadcrumbParent: 'transactions',
  }),
  app({
    id: 'distributors',
    path: '/distributors',
    titleKey: 'routes.distributors.title',
    access: distributor,
  }),
  app({
    id: 'distributor-add',
    path: '/distributors/add',
    titleKey: 'routes.distributor-add.title',
    access: overseerWrite('distributor'),
    breadcrumbParent: 'distributors',
  }),
  app({
    id: 'distributor',
    path: '/distributors/:id',
    titleKey: 'routes.distributor.title',
    access: distributor,
    breadcrumbParent: 'distributors',
  }),
  app({
    id: 'distributor-edit',
    path: '/distributors/:id/edit',
    titleKey: 'routes.distributor-edit.title',
    access: overseerWrite('distributor'),
    breadcrumbParent: 'distributor',
  }),
  app({
    id: 'artists',
    path: '/artists',
    titleKey: 'routes.artists.title',
    access: artist,
    filters: ['timeframe'],
  }),
  app({
    id: 'artist',
    path: '/artists/:artistId',
    titleKey: 'routes.artist.title',
    access: artist,
    filters: ['timeframe'],
    breadcrumbParent: 'artists',
  }),
  app({
    id: 'products',
    path: '/products',
    titleKey: 'routes.products.title',
    access: product,
    filters: ['timeframe', 'artist'],
  }),
  app({
    id: 'product-add',
    path: '/products/add',
    titleKey: 'routes.product-add.title',
    access: overseerWrite('product'),
    breadcrumbParent: 'products',
  }),
  app({
    id: 'product',
    path: '/products/:productId',
    titleKey: 'routes.product.title',
    access: product,
    filters: ['timeframe'],
    breadcrumbParent: 'products',
  }),
  app({
    id: 'recoupments',
    path: '/recoupments',
    titleKey: 'routes.recoupments.title',
    access: recoup,
    filters: ['timeframe', 'artist'],
  }),
  app({
    id: 'recoupment-add',
    path: '/recoupments/add',
    titleKey: 'routes.recoupment-add.title',
    access: overseerWrite('recoup'),
    breadcrumbParent: 'recoupments',
  }),
  app({
    id: 'recoupment-edit',
    path: '/recoupments/edit/:recoupmentId',
    titleKey: 'routes.recoupment-edit.title',
    access: { roles: ['overseer'] },
    breadcrumbParent: 'recoupments',
  }),
  app({
    id: 'recoupment',
    path: '/recoupments/:recoupmentId',
    titleKey: 'routes.recoupment.title',
    access: recoup,
    filters: ['timeframe'],
    breadcrumbParent: 'recoupments',
  }),
  app({
    id: 'settings',
    path: '/settings',
    titleKey: 'routes.settings.title',
    access: { permissions: [...readOrWrite('emulate'), ...readOrWrite('account')] },
  }),
  app({
    id: 'users',
    path: '/users',
    titleKey: 'routes.users.title',
    access: { permissions: ['user:rw'] },
  }),
  app({
    id: 'import',
    path: '/import',
    titleKey: 'routes.import.title',
    access: { permissions: ['statement:rw', 'import:rw', 'import:ro'] },
  }),
  app({
    id: 'wallet',
    path: '/wallet',
    titleKey: 'routes.wallet.title',
    access: { permissions: ['payment-method:rw'] },
  }),
  app({
    id: 'admin',
    path: '/admin',
    titleKey: 'routes.admin.title',
    access: admin,
    redirectTo: '/admin/overview',
  }),
  app({
    id: 'admin-overview',
    path: '/admin/overview',
    titleKey: 'routes.admin-overview.title',
    access: admin,
  }),
  app({
    id: 'admin-account',
    path: '/admin/account',
    titleKey: 'routes.admin-account.title',
    access: admin,
  }),
  app({
    id: 'admin-audit',
    path: '/admin/audit',
    titleKey: 'routes.admin-audit.title',
    access: admin,
  }),
  app({
    id: 'admin-logs',
    path: '/admin/logs',
    titleKey: 'routes.admin-logs.title',
    access: admin,
  }),
  app({
    id: 'admin-messages',
    path: '/admin/messages',
    titleKey: 'routes.admin-messages.title',
    access: admin,
    breadcrumbParent: 'admin-overview',
  }),
  app({
    id: 'admin-uikit',
    path: '/admin/uikit',
    titleKey: 'routes.admin-uikit.title',
    access: admin,
    breadcrumbParent: 'admin-overview',
  }),
  app({ id: 'help', path: '/help', titleKey: 'routes.help.title' }),
  app({
    id: 'help-faq',
    path: '/help/faq',
    titleKey: 'routes.help-faq.title',
    breadcrumbParent: 'help',
  }),
  app({
    id: 'overseer',
    path: '/overseer',
    titleKey: 'routes.overseer.title',
    access: { permissions: readOrWrite('emulate'), emulationRoles: ['admin', 'overseer'] },
  }),
];

/** Side navigation, in SPEC section 2's order; entries are filtered by their route's access. */
export const NAVIGATION: readonly NavEntry[] = [
  { routeId: 'dashboard', labelKey: 'nav.item.home', icon: 'home' },
  { routeId: 'analytics', labelKey: 'nav.item.analytics', icon: 'analytics' },
  { routeId: 'statements', labelKey: 'nav.item.statements', icon: 'statements' },
  { routeId: 'periods', labelKey: 'nav.item.periods', icon: 'periods' },
  { routeId: 'earnings', labelKey: 'nav.item.earnings', icon: 'earnings' },
  { routeId: 'payments', labelKey: 'nav.item.payments', icon: 'payments' },
  { routeId: 'bank-files', labelKey: 'nav.item.bank-files', icon: 'bank-files' },
  { routeId: 'transactions', labelKey: 'nav.item.transactions', icon: 'transactions' },
  { routeId: 'products', labelKey: 'nav.item.products', icon: 'products' },
  { routeId: 'recoupments', labelKey: 'nav.item.recoupments', icon: 'recoupments' },
  { routeId: 'users', labelKey: 'nav.item.payees', icon: 'payees' },
  { routeId: 'artists', labelKey: 'nav.item.artists', icon: 'artists' },
  { routeId: 'ada', labelKey: 'nav.item.ada-hub', icon: 'external' },
  {
    routeId: 'settings',
    labelKey: 'nav.item.settings',
    icon: 'settings',
    children: [
      { routeId: 'settings', labelKey: 'nav.item.account', icon: 'account' },
      { routeId: 'distributors', labelKey: 'nav.item.distributors', icon: 'distributors' },
      { routeId: 'admin', labelKey: 'nav.item.admin', icon: 'admin' },
      { routeId: 'wallet', labelKey: 'nav.item.wallet', icon: 'wallet' },
      { routeId: 'import', labelKey: 'nav.item.import', icon: 'import' },
      { routeId: 'help', labelKey: 'nav.item.help', icon: 'help' },
    ],
  },
];

const byId = new Map(ROUTES.map((route) => [route.id, route]));

export function routeById(id: string): AppRoute {
  const route = byId.get(id);
  if (!route) throw new Error(`Unknown route id ${id}`);
  return route;
}
