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
import { DashboardPage } from '../pages/DashboardPage';
import { LoginPage } from '../pages/LoginPage';
import { PlaceholderPage } from '../pages/PlaceholderPage';
import type { AppRoute } from './types';

export interface PageProps {
  route: AppRoute;
}

/** Built pages by route id; every other route shows its titled placeholder until its issue lands. */
const PAGES: Readonly<Record<string, ComponentType<PageProps>>> = {
  login: LoginPage,
  reset: ResetRequestPage,
  claim: ClaimRequestPage,
  'service-password': PasswordLinkPage,
  'service-claim': ClaimLinkPage,
  'service-account': ActivationLinkPage,
  dashboard: DashboardPage,
  'admin-overview': AdminOverviewPage,
  'admin-uikit': AdminUiKitPage,
};

export function pageFor(routeId: string): ComponentType<PageProps> {
  return PAGES[routeId] ?? PlaceholderPage;
}
