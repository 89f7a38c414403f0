import type { ComponentType } from 'react';
import { AdminOverviewPage } from '../pages/AdminOverviewPage';
import { AdminUiKitPage } from '../pages/AdminUiKitPage';
import {
  ActivationLinkPage,
  ClaimLinkPage,
  ClaimRequestPage,
  PasswordLinkPage,
  ResetRequestPage,
} from '../pages/AccountLinkPages';
import { ArtistPage } from '../artists/ArtistPage';
import { ArtistsPage } from '../artists/ArtistsPage';
import { ProductAddPage } from '../catalog/ProductAddPage';
import { ProductPage } from '../catalog/ProductPage';
import { ProductsPage } from '../catalog/ProductsPage';
import { PayeesPage } from '../payees/PayeesPage';
import { RecoupmentAddPage } from '../recoupments/RecoupmentAddPage';
import { RecoupmentEditPage } from '../recoupments/RecoupmentEditPage';
import { DistributorEditPage } from '../distributors/DistributorEditPage';
import { DistributorPage } from '../distributors/DistributorPage';
import { DistributorsPage } from '../distributors/DistributorsPage';
import { ImportPage } from '../import/ImportPage';
import { DashboardPage } from '../pages/DashboardPage';
import { InvitationPage } from '../pages/InvitationPage';
import { LoginPage } from '../pages/LoginPage';
import { PlaceholderPage } from '../pages/PlaceholderPage';
import { RecoupmentPage } from '../recoupments/RecoupmentPage';
import { RecoupmentsPage } from '../recoupments/RecoupmentsPage';
import { StatementLogsPage } from '../statements/StatementLogsPage';
import { StatementPage } from '../statements/StatementPage';
import { StatementRoyaltiesPage } from '../statements/StatementRoyaltiesPage';
import { StatementsPage } from '../statements/StatementsPage';
import type { PageProps } from '../routes/types';

/** Built pages by route id; every other route shows its titled placeholder until its issue lands. */
const PAGES: Readonly<Record<string, ComponentType<PageProps>>> = {
  login: LoginPage,
  reset: ResetRequestPage,
  claim: ClaimRequestPage,
  'service-password': PasswordLinkPage,
  'service-claim': ClaimLinkPage,
  'service-account': ActivationLinkPage,
  'service-invitation': InvitationPage,
  dashboard: DashboardPage,
  'admin-overview': AdminOverviewPage,
  'admin-uikit': AdminUiKitPage,
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
};

export function pageFor(routeId: string): ComponentType<PageProps> {
  return PAGES[routeId] ?? PlaceholderPage;
}
