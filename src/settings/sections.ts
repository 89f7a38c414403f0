import type { ComponentType } from 'react';
import type { Session } from '../../api/session';
import { BusinessSections } from '../business/BusinessSections';
import { PeriodLengthSection } from '../periods/PeriodLengthSection';
import { BooksSection } from '../journals/BooksSection';
import { actingAs } from '../routes/access';
import { DocumentsSection } from './DocumentsSection';
import { LoginSection } from './LoginSection';
import { PersonSection } from './PersonSection';
import { PayeeTaxFormsSection } from './PayeeTaxFormsSection';
import { ProfileSection } from './ProfileSection';
import { TaxFormSection } from './TaxFormSection';

/** One tab of the Account page: its own component reads and saves its own part of the account. */
export interface SettingsSection {
  /** In the address as `?section=<id>`. */
  id: string;
  /** The tab's label: a static `settings.sections.<id>` key. */
  labelKey: string;
  Component: ComponentType;
  /** Shown only to those it is for (by role or permission); every signed-in person otherwise. */
  shownTo?: (session: Session) => boolean;
}

/**
 * The Account page's tabs, in order. A new part of the account is one more entry here.
 */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: 'profile', labelKey: 'settings.sections.profile', Component: ProfileSection },
  { id: 'login', labelKey: 'settings.sections.login', Component: LoginSection },
  { id: 'person', labelKey: 'settings.sections.person', Component: PersonSection },
  { id: 'documents', labelKey: 'settings.sections.documents', Component: DocumentsSection },
  {
    id: 'business',
    labelKey: 'settings.sections.business',
    Component: BusinessSections,
    // A label is a business, and a payee's own account may choose to be paid as one.
    shownTo: ({ permissions }) =>
      permissions.includes('account:ro') || permissions.includes('account:rw'),
  },
  {
    id: 'periods',
    labelKey: 'settings.sections.periods',
    Component: PeriodLengthSection,
    // A label's owner sets the length of its accounting periods, as the API checks.
    shownTo: (session) => {
      const { roles, permissions } = actingAs(session);
      return roles.includes('owner') && permissions.includes('account:rw');
    },
  },
  {
    id: 'books',
    labelKey: 'settings.sections.books',
    Component: BooksSection,
    // The label's chart of accounts for its journals: its owner's, as its payment settings are.
    shownTo: (session) => {
      const { roles, permissions } = actingAs(session);
      return roles.includes('owner') && permissions.includes('account:rw');
    },
  },
  // The payee's own W-9 or W-8, which their payments wait for (issue 42).
  { id: 'tax-form', labelKey: 'settings.sections.tax-form', Component: TaxFormSection },
  {
    id: 'payee-tax-forms',
    labelKey: 'settings.sections.payee-tax-forms',
    Component: PayeeTaxFormsSection,
    // A label's staff: who read its statements, in the label's own account (not the portal's).
    shownTo: ({ permissions, roles }) =>
      (permissions.includes('statement:ro') || permissions.includes('statement:rw')) &&
      !roles.includes('admin') &&
      !roles.includes('overseer'),
  },
];
