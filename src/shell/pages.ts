import type { ComponentType } from 'react';
import type { Services } from '../app/services';
import type { AppRoute, PageProps } from '../routes/types';
import { lazyComponent, type LazyComponent } from '../widgets/lazyComponent';
import { loadSignedInEnglish } from '../i18n/lazy';

/** A page loaded with its own code chunk when first opened (see `lazyComponent`). */
function lazyPage(
  load: () => Promise<ComponentType<PageProps>>,
  options?: Parameters<typeof lazyComponent>[1],
): LazyComponent<PageProps> {
  return lazyComponent(load, options);
}

// Every page loads its code when first opened (Root starts it at once): the dashboard's charts and
// exact sums stay out of what a visitor downloads to sign in, and the login form out of what
// someone signed in downloads; each brings only the English it shows. A chunk that fails to load is
// handled by lazyPage and app/preloadError.
const LoginPage = lazyPage(() => import('../pages/LoginPage').then((m) => m.LoginPage), {
  // Its texts are in the first download.
  texts: () => Promise.resolve(),
});
const DashboardPage = lazyPage(
  () => import('../pages/DashboardPage').then((m) => m.DashboardPage),
  { texts: loadSignedInEnglish },
);
const AdminOverviewPage = lazyPage(() =>
  import('../pages/AdminOverviewPage').then((m) => m.AdminOverviewPage),
);
const AnalyticsPage = lazyPage(() =>
  import('../analytics/AnalyticsPage').then((m) => m.AnalyticsPage),
);
const AdminUiKitPage = lazyPage(() =>
  import('../pages/AdminUiKitPage').then((m) => m.AdminUiKitPage),
);
const AdminAccountPage = lazyPage(() =>
  import('../admin/AdminAccountPage').then((m) => m.AdminAccountPage),
);
const AdminAuditPage = lazyPage(() =>
  import('../adminDesk/AdminAuditPage').then((m) => m.AdminAuditPage),
);
const AdminMessagesPage = lazyPage(() =>
  import('../admin/AdminMessagesPage').then((m) => m.AdminMessagesPage),
);
const AdminLogsPage = lazyPage(() =>
  import('../adminDesk/AdminLogsPage').then((m) => m.AdminLogsPage),
);
const ActivationLinkPage = lazyPage(() =>
  import('../pages/AccountLinkPages').then((m) => m.ActivationLinkPage),
);
const ClaimLinkPage = lazyPage(() =>
  import('../pages/AccountLinkPages').then((m) => m.ClaimLinkPage),
);
const ClaimRequestPage = lazyPage(() =>
  import('../pages/AccountLinkPages').then((m) => m.ClaimRequestPage),
);
const PasswordLinkPage = lazyPage(() =>
  import('../pages/AccountLinkPages').then((m) => m.PasswordLinkPage),
);
const ResetRequestPage = lazyPage(() =>
  import('../pages/AccountLinkPages').then((m) => m.ResetRequestPage),
);
const ArtistPage = lazyPage(() => import('../artists/ArtistPage').then((m) => m.ArtistPage));
const EarningPage = lazyPage(() => import('../earnings/EarningPage').then((m) => m.EarningPage));
const EarningsPage = lazyPage(() => import('../earnings/EarningsPage').then((m) => m.EarningsPage));
const ArtistsPage = lazyPage(() => import('../artists/ArtistsPage').then((m) => m.ArtistsPage));
const ProductAddPage = lazyPage(() =>
  import('../catalog/ProductAddPage').then((m) => m.ProductAddPage),
);
const ProductPage = lazyPage(() => import('../catalog/ProductPage').then((m) => m.ProductPage));
const ProductsPage = lazyPage(() => import('../catalog/ProductsPage').then((m) => m.ProductsPage));
const PayeesPage = lazyPage(() => import('../payees/PayeesPage').then((m) => m.PayeesPage));
const SettingsPage = lazyPage(() => import('../settings/SettingsPage').then((m) => m.SettingsPage));
const PaymentPage = lazyPage(() => import('../payments/PaymentPage').then((m) => m.PaymentPage));
const PeriodsPage = lazyPage(() => import('../periods/PeriodsPage').then((m) => m.PeriodsPage));
const PeriodPage = lazyPage(() => import('../periods/PeriodsPage').then((m) => m.PeriodPage));
const BankFilesPage = lazyPage(() =>
  import('../payments/BankFilesPage').then((m) => m.BankFilesPage),
);
const PaymentsPage = lazyPage(() => import('../payments/PaymentsPage').then((m) => m.PaymentsPage));
const TransactionPage = lazyPage(() =>
  import('../payments/TransactionPage').then((m) => m.TransactionPage),
);
const TransactionsPage = lazyPage(() =>
  import('../payments/TransactionsPage').then((m) => m.TransactionsPage),
);
const WalletPage = lazyPage(() => import('../payments/WalletPage').then((m) => m.WalletPage));
const RecoupmentAddPage = lazyPage(() =>
  import('../recoupments/RecoupmentAddPage').then((m) => m.RecoupmentAddPage),
);
const RecoupmentEditPage = lazyPage(() =>
  import('../recoupments/RecoupmentEditPage').then((m) => m.RecoupmentEditPage),
);
const DistributorEditPage = lazyPage(() =>
  import('../distributors/DistributorEditPage').then((m) => m.DistributorEditPage),
);
const DistributorPage = lazyPage(() =>
  import('../distributors/DistributorPage').then((m) => m.DistributorPage),
);
const DistributorsPage = lazyPage(() =>
  import('../distributors/DistributorsPage').then((m) => m.DistributorsPage),
);
const ImportPage = lazyPage(() => import('../import/ImportPage').then((m) => m.ImportPage));
const InvitationPage = lazyPage(() =>
  import('../pages/InvitationPage').then((m) => m.InvitationPage),
);
const OverseerPage = lazyPage(() => import('../pages/OverseerPage').then((m) => m.OverseerPage));
const RecoupmentPage = lazyPage(() =>
  import('../recoupments/RecoupmentPage').then((m) => m.RecoupmentPage),
);
const RecoupmentsPage = lazyPage(() =>
  import('../recoupments/RecoupmentsPage').then((m) => m.RecoupmentsPage),
);
const StatementLogsPage = lazyPage(() =>
  import('../statements/StatementLogsPage').then((m) => m.StatementLogsPage),
);
const StatementPage = lazyPage(() =>
  import('../statements/StatementPage').then((m) => m.StatementPage),
);
const StatementRoyaltiesPage = lazyPage(() =>
  import('../statements/StatementRoyaltiesPage').then((m) => m.StatementRoyaltiesPage),
);
const StatementsPage = lazyPage(() =>
  import('../statements/StatementsPage').then((m) => m.StatementsPage),
);
const AdaHubPage = lazyPage(() => import('../pages/AdaHubPage').then((m) => m.AdaHubPage));
const HelpGuidePage = lazyPage(() => import('../help/HelpPages').then((m) => m.HelpGuidePage));
const HelpFaqPage = lazyPage(() => import('../help/HelpPages').then((m) => m.HelpFaqPage));

/** A page, and for one with its own chunk, how to start fetching it. */
type Page = ComponentType<PageProps> & { preload?: () => void };

/** Built pages by route id. A route without one is not served and not in the navigation. */
const PAGES: Readonly<Record<string, Page>> = {
  login: LoginPage,
  reset: ResetRequestPage,
  claim: ClaimRequestPage,
  'service-password': PasswordLinkPage,
  'service-claim': ClaimLinkPage,
  'service-account': ActivationLinkPage,
  'service-invitation': InvitationPage,
  dashboard: DashboardPage,
  earnings: EarningsPage,
  earning: EarningPage,
  analytics: AnalyticsPage,
  'admin-overview': AdminOverviewPage,
  'admin-uikit': AdminUiKitPage,
  'admin-account': AdminAccountPage,
  'admin-audit': AdminAuditPage,
  'admin-logs': AdminLogsPage,
  'admin-messages': AdminMessagesPage,
  overseer: OverseerPage,
  products: ProductsPage,
  'product-add': ProductAddPage,
  product: ProductPage,
  artists: ArtistsPage,
  artist: ArtistPage,
  users: PayeesPage,
  import: ImportPage,
  distributors: DistributorsPage,
  distributor: DistributorPage,
  'distributor-add': DistributorEditPage,
  'distributor-edit': DistributorEditPage,
  statements: StatementsPage,
  statement: StatementPage,
  'statement-logs': StatementLogsPage,
  'statement-royalties': StatementRoyaltiesPage,
  periods: PeriodsPage,
  period: PeriodPage,
  recoupments: RecoupmentsPage,
  recoupment: RecoupmentPage,
  'recoupment-add': RecoupmentAddPage,
  'recoupment-edit': RecoupmentEditPage,
  payments: PaymentsPage,
  payment: PaymentPage,
  'bank-files': BankFilesPage,
  transactions: TransactionsPage,
  transaction: TransactionPage,
  wallet: WalletPage,
  settings: SettingsPage,
  ada: AdaHubPage,
  help: HelpGuidePage,
  'help-faq': HelpFaqPage,
};

export function pageFor(routeId: string): ComponentType<PageProps> | null {
  return PAGES[routeId] ?? null;
}

/**
 * What a route's page reads first, started beside its code rather than once it is drawn; the
 * function answered stops it when the route is left before the page took it.
 */
type PageStart = (params: Readonly<Record<string, string>>, services: Services) => () => void;

const PAGE_STARTS: Readonly<Record<string, PageStart>> = {
  // The split editor's preview input: the product page's largest read by far.
  product: ({ productId = '' }, services) => {
    const started = import('../catalog/previewStart').then((m) =>
      m.startRoutePreview(services, productId),
    );
    return () => void started.then((stop) => stop());
  },
};

/**
 * Starts fetching the code of a route's page, when it has its own chunk, and what it reads first;
 * answers what stops the latter.
 */
export function preloadPage(
  routeId: string,
  params: Readonly<Record<string, string>>,
  services: Services,
): () => void {
  // What the page reads first is asked for before its code: the browser fetches a few files at a
  // time, and the read's code would otherwise wait behind the page's.
  const stop = PAGE_STARTS[routeId]?.(params, services) ?? (() => undefined);
  PAGES[routeId]?.preload?.();
  return stop;
}

/** A route goes somewhere: its page is built, or it redirects within the portal or outside it. */
export function hasPage(route: AppRoute): boolean {
  return !!PAGES[route.id] || !!route.redirectTo || !!route.externalUrl;
}
