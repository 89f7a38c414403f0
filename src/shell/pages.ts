import type { ComponentType } from 'react';
import { AdminOverviewPage } from '../pages/AdminOverviewPage';
import { AnalyticsPage } from '../analytics/AnalyticsPage';
import { AdminUiKitPage } from '../pages/AdminUiKitPage';
import { AdminAccountPage } from '../admin/AdminAccountPage';
import { AdminAuditPage } from '../adminDesk/AdminAuditPage';
import { AdminLogsPage } from '../adminDesk/AdminLogsPage';
import {
  ActivationLinkPage,
  ClaimLinkPage,
  ClaimRequestPage,
  PasswordLinkPage,
  ResetRequestPage,
} from '../pages/AccountLinkPages';
import { ArtistPage } from '../artists/ArtistPage';
import { EarningPage } from '../earnings/EarningPage';
import { EarningsPage } from '../earnings/EarningsPage';
import { ArtistsPage } from '../artists/ArtistsPage';
import { ProductAddPage } from '../catalog/ProductAddPage';
import { ProductPage } from '../catalog/ProductPage';
import { ProductsPage } from '../catalog/ProductsPage';
import { PayeesPage } from '../payees/PayeesPage';
import { SettingsPage } from '../settings/SettingsPage';
import { PaymentPage } from '../payments/PaymentPage';
import { PaymentsPage } from '../payments/PaymentsPage';
import { TransactionPage } from '../payments/TransactionPage';
import { TransactionsPage } from '../payments/TransactionsPage';
import { WalletPage } from '../payments/WalletPage';
import { RecoupmentAddPage } from '../recoupments/RecoupmentAddPage';
import { RecoupmentEditPage } from '../recoupments/RecoupmentEditPage';
import { DistributorEditPage } from '../distributors/DistributorEditPage';
import { DistributorPage } from '../distributors/DistributorPage';
import { DistributorsPage } from '../distributors/DistributorsPage';
import { ImportPage } from '../import/ImportPage';
import { DashboardPage } from '../pages/DashboardPage';
import { InvitationPage } from '../pages/InvitationPage';
import { LoginPage } from '../pages/LoginPage';
import { OverseerPage } from '../pages/OverseerPage';
import { RecoupmentPage } from '../recoupments/RecoupmentPage';
import { RecoupmentsPage } from '../recoupments/RecoupmentsPage';
import { StatementLogsPage } from '../statements/StatementLogsPage';
import { StatementPage } from '../statements/StatementPage';
import { StatementRoyaltiesPage } from '../statements/StatementRoyaltiesPage';
import { StatementsPage } from '../statements/StatementsPage';
import { AdaHubPage } from '../pages/AdaHubPage';
import type { AppRoute, PageProps } from '../routes/types';
import { lazyPage } from './lazyPage';

// The help pages are long reading: their code loads when first opened.
const HelpGuidePage = lazyPage(() => import('../help/HelpPages').then((m) => m.HelpGuidePage));
const HelpFaqPage = lazyPage(() => import('../help/HelpPages').then((m) => m.HelpFaqPage));

/** Built pages by route id. A route without one is not served and not in the navigation. */
const PAGES: Readonly<Record<string, ComponentType<PageProps>>> = {
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
  recoupments: RecoupmentsPage,
  recoupment: RecoupmentPage,
  'recoupment-add': RecoupmentAddPage,
  'recoupment-edit': RecoupmentEditPage,
  payments: PaymentsPage,
  payment: PaymentPage,
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

/** A route goes somewhere: its page is built, or it redirects within the portal or outside it. */
export function hasPage(route: AppRoute): boolean {
  return !!PAGES[route.id] || !!route.redirectTo || !!route.externalUrl;
}
