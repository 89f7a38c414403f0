import type { ComponentType } from 'react';
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
  dashboard: DashboardPage,
};

export function pageFor(routeId: string): ComponentType<PageProps> {
  return PAGES[routeId] ?? PlaceholderPage;
}
