// An account's life in the reader's words: opened, people added, their access and settings,
// business details, bank accounts and payment settings.
import type { TFunction } from 'i18next';
import type { HistoryEvent } from '../../api/history';
import {
  money,
  plainText,
  text,
  type ChangeRow,
  type DescribedHistory,
  type HistoryStep,
} from './steps';

/** Each event's title and the filter it falls under. */
const EVENTS: Record<string, { key: string; category: string }> = {
  AccountOpened: { key: 'replay.account.opened', category: 'account' },
  DefaultSplitsChanged: { key: 'replay.account.default-splits', category: 'settings' },
  PresetCreated: { key: 'replay.account.preset', category: 'settings' },
  AccountPayeeAdded: { key: 'replay.account.payee-added', category: 'people' },
  AccountPayeeInvited: { key: 'replay.account.payee-invited', category: 'people' },
  AccountPayeeAccepted: { key: 'replay.account.payee-accepted', category: 'people' },
  DistributorTakeSet: { key: 'replay.account.take-set', category: 'settings' },
  UserRegistered: { key: 'replay.account.person-added', category: 'people' },
  UserPasswordSet: { key: 'replay.account.password-set', category: 'access' },
  UserLoggedIn: { key: 'replay.account.logged-in', category: 'access' },
  UserLoginFailed: { key: 'replay.account.login-failed', category: 'access' },
  UserLocked: { key: 'replay.account.locked', category: 'access' },
  UserUnlocked: { key: 'replay.account.unlocked', category: 'access' },
  UserProfileChanged: { key: 'replay.account.profile-changed', category: 'people' },
  UserEmulationStarted: { key: 'replay.account.emulation-started', category: 'access' },
  UserEmulationStopped: { key: 'replay.account.emulation-stopped', category: 'access' },
  UserLinkSent: { key: 'replay.account.link-sent', category: 'access' },
  UserClaimed: { key: 'replay.account.claimed', category: 'access' },
  UserActivated: { key: 'replay.account.activated', category: 'access' },
  UserNamesChanged: { key: 'replay.account.names-changed', category: 'people' },
  UserPreferencesChanged: { key: 'replay.account.preferences-changed', category: 'settings' },
  UserUsernameChangeRequested: { key: 'replay.account.username-requested', category: 'access' },
  UserUsernameChanged: { key: 'replay.account.username-changed', category: 'access' },
  UserDeleted: { key: 'replay.account.person-deleted', category: 'people' },
  PersonDetailsChanged: { key: 'replay.account.details-changed', category: 'people' },
  PersonDocumentAdded: { key: 'replay.account.document-added', category: 'people' },
  PersonDocumentRemoved: { key: 'replay.account.document-removed', category: 'people' },
  BusinessDetailsSet: { key: 'replay.account.business-details', category: 'business' },
  BeneficialOwnerSaved: { key: 'replay.account.owner-saved', category: 'business' },
  BeneficialOwnerRemoved: { key: 'replay.account.owner-removed', category: 'business' },
  BusinessCertified: { key: 'replay.account.certified', category: 'business' },
  BankAccountAdded: { key: 'replay.account.bank-added', category: 'payments' },
  MicroDepositsSent: { key: 'replay.account.micro-deposits', category: 'payments' },
  BankAccountVerified: { key: 'replay.account.bank-verified', category: 'payments' },
  BankAccountVerificationFailed: { key: 'replay.account.bank-failed', category: 'payments' },
  BankAccountVerificationLocked: { key: 'replay.account.bank-locked', category: 'payments' },
  PaymentMinimumSet: { key: 'replay.account.minimum-set', category: 'payments' },
  PassbackModeSet: { key: 'replay.account.passback-set', category: 'payments' },
};

/** The data fields worth a row, and their label. */
const FIELD_KEYS: Record<string, string> = {
  name: 'replay.field.name',
  fullname: 'replay.field.name',
  username: 'replay.field.username',
  newUsername: 'replay.field.username',
  roles: 'replay.field.roles',
  language: 'replay.field.language',
  timezone: 'replay.field.timezone',
  clock: 'replay.field.clock',
  currency: 'replay.field.currency',
  until: 'replay.field.until',
  failedLogins: 'replay.field.failed-logins',
  businessName: 'replay.field.business-name',
  einLast4: 'replay.field.ein-last4',
  ownershipPct: 'replay.field.ownership',
  lastName: 'replay.field.owner',
  signerName: 'replay.field.signer',
  last4: 'replay.field.account-last4',
  bankName: 'replay.field.bank',
  takePct: 'replay.field.take',
  passback: 'replay.field.passback',
  phone: 'replay.field.phone',
};

export function accountHistory(t: TFunction, events: readonly HistoryEvent[]): DescribedHistory {
  const people = new Map<string, string>();
  const valueOf = (field: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return null;
    if (typeof value === 'boolean')
      return text(value ? t('replay.viewer.yes') : t('replay.viewer.no'));
    if (field === 'until' && typeof value === 'string')
      return text(new Date(value).toLocaleString());
    if (field === 'takePct' || field === 'ownershipPct') return text(`${plainText(value)}%`);
    return text(Array.isArray(value) ? value.join(', ') : plainText(value));
  };
  const steps = events.map((event): HistoryStep => {
    const data = event.data;
    if (event.type === 'UserRegistered' && typeof data.fullname === 'string')
      people.set(event.streamId.slice('user-'.length), data.fullname);
    const personId = /^(user|person|bankaccount)-/.test(event.streamId)
      ? event.streamId.slice(event.streamId.indexOf('-') + 1)
      : null;
    const changes: ChangeRow[] = [];
    if (personId)
      changes.push({
        field: t('replay.field.person'),
        before: null,
        after: text(people.get(personId) ?? null),
      });
    if (event.type === 'UserUsernameChanged') {
      changes.push({
        field: t('replay.field.username'),
        before: text(data.from as string | null),
        after: text(data.to as string),
      });
    } else if (event.type === 'PaymentMinimumSet') {
      changes.push({
        field: t('replay.field.minimum'),
        before: null,
        after: money(String(data.amount), String(data.currency)),
      });
    } else {
      for (const [field, value] of Object.entries(data)) {
        const key = FIELD_KEYS[field];
        if (key) changes.push({ field: t(key), before: null, after: valueOf(field, value) });
      }
    }
    const known = EVENTS[event.type];
    return {
      event,
      title: t(known?.key ?? 'replay.viewer.other-change'),
      category: known?.category ?? 'account',
      changes,
    };
  });
  return {
    steps,
    categories: [
      { id: 'account', label: t('replay.account.filter-account') },
      { id: 'people', label: t('replay.account.filter-people') },
      { id: 'access', label: t('replay.account.filter-access') },
      { id: 'settings', label: t('replay.account.filter-settings') },
      { id: 'business', label: t('replay.account.filter-business') },
      { id: 'payments', label: t('replay.account.filter-payments') },
    ],
  };
}
