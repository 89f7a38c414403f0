// Event types are developer words: each is named for an admin in their language. Statement events
// read as the statement page's history reads them; the others by their own key.
import { historyEventKey } from '../statements/history';

/** The translation key of each event type outside a statement's stream. */
const EVENT_KEYS: Record<string, string> = {
  AccountOpened: 'admin-desk.event.account-opened',
  DefaultSplitsChanged: 'admin-desk.event.default-splits-changed',
  PresetCreated: 'admin-desk.event.preset-created',
  AccountPayeeAdded: 'admin-desk.event.account-payee-added',
  ProductRequested: 'admin-desk.event.product-requested',
  ProductRequestFulfilled: 'admin-desk.event.product-request-fulfilled',
  ProductRequestRefused: 'admin-desk.event.product-request-refused',
  AccountPayeeInvited: 'admin-desk.event.account-payee-invited',
  AccountPayeeAccepted: 'admin-desk.event.account-payee-accepted',
  DistributorTakeSet: 'admin-desk.event.distributor-take-set',
  UserRegistered: 'admin-desk.event.user-registered',
  UserPasswordSet: 'admin-desk.event.user-password-set',
  UserLoggedIn: 'admin-desk.event.user-logged-in',
  UserLoginFailed: 'admin-desk.event.user-login-failed',
  UserLocked: 'admin-desk.event.user-locked',
  UserUnlocked: 'admin-desk.event.user-unlocked',
  UserProfileChanged: 'admin-desk.event.user-profile-changed',
  UserEmulationStarted: 'admin-desk.event.user-emulation-started',
  UserEmulationStopped: 'admin-desk.event.user-emulation-stopped',
  UserLinkSent: 'admin-desk.event.user-link-sent',
  UserClaimed: 'admin-desk.event.user-claimed',
  UserActivated: 'admin-desk.event.user-activated',
  UserNamesChanged: 'admin-desk.event.user-names-changed',
  UserPreferencesChanged: 'admin-desk.event.user-preferences-changed',
  UserUsernameChangeRequested: 'admin-desk.event.user-username-change-requested',
  UserUsernameChanged: 'admin-desk.event.user-username-changed',
  UserDeleted: 'admin-desk.event.user-deleted',
  ArtistCreated: 'admin-desk.event.artist-created',
  ArtistUserLinked: 'admin-desk.event.artist-user-linked',
  ArtistUserUnlinked: 'admin-desk.event.artist-user-unlinked',
  DistributorCreated: 'admin-desk.event.distributor-created',
  DistributorChanged: 'admin-desk.event.distributor-changed',
  StatementTakeSet: 'admin-desk.event.statement-take-set',
  ProductCreated: 'admin-desk.event.product-created',
  ProductChanged: 'admin-desk.event.product-changed',
  ProductCodesChanged: 'admin-desk.event.product-codes-changed',
  ProductSplitsChanged: 'admin-desk.event.product-splits-changed',
  RecoupmentCreated: 'admin-desk.event.recoupment-created',
  RecoupmentChanged: 'admin-desk.event.recoupment-changed',
  RecoupmentDeleted: 'admin-desk.event.recoupment-deleted',
  RecoupmentRemitted: 'admin-desk.event.recoupment-remitted',
  PaymentHeld: 'admin-desk.event.payment-held',
  PaymentTransferStarted: 'admin-desk.event.payment-transfer-started',
  PaymentTransferQueued: 'admin-desk.event.payment-transfer-queued',
  PaymentTransferCreated: 'admin-desk.event.payment-transfer-created',
  PaymentSettled: 'admin-desk.event.payment-settled',
  PaymentFeePaid: 'admin-desk.event.payment-fee-paid',
  PaymentReturned: 'admin-desk.event.payment-returned',
  PaymentRetried: 'admin-desk.event.payment-retried',
  BankFileWritten: 'admin-desk.event.bank-file-written',
  BankFileDownloaded: 'admin-desk.event.bank-file-downloaded',
  BankFileSubmitted: 'admin-desk.event.bank-file-submitted',
  PaymentMinimumSet: 'admin-desk.event.payment-minimum-set',
  PassbackModeSet: 'admin-desk.event.passback-mode-set',
  BankAccountAdded: 'admin-desk.event.bank-account-added',
  MicroDepositsSent: 'admin-desk.event.micro-deposits-sent',
  BankAccountVerified: 'admin-desk.event.bank-account-verified',
  BankAccountVerificationFailed: 'admin-desk.event.bank-account-verification-failed',
  BankAccountVerificationLocked: 'admin-desk.event.bank-account-verification-locked',
  PersonDetailsChanged: 'admin-desk.event.person-details-changed',
  PersonDocumentAdded: 'admin-desk.event.person-document-added',
  PersonDocumentRemoved: 'admin-desk.event.person-document-removed',
  PaymentTermsAccepted: 'admin-desk.event.payment-terms-accepted',
  BusinessDetailsSet: 'admin-desk.event.business-details-set',
  BeneficialOwnerSaved: 'admin-desk.event.beneficial-owner-saved',
  BeneficialOwnerRemoved: 'admin-desk.event.beneficial-owner-removed',
  BusinessCertified: 'admin-desk.event.business-certified',
  TaxFormSigned: 'admin-desk.event.tax-form-signed',
  IntakeKeyCreated: 'admin-desk.event.intake-key-created',
  IntakeKeyRevoked: 'admin-desk.event.intake-key-revoked',
  AccountLayoutAdded: 'admin-desk.event.account-layout-added',
  AccountLayoutChanged: 'admin-desk.event.account-layout-changed',
  AccountLayoutRemoved: 'admin-desk.event.account-layout-removed',
  BankFileOriginatorSet: 'admin-desk.event.bank-file-originator-set',
  MessagePosted: 'admin-desk.event.message-posted',
  MessageEdited: 'admin-desk.event.message-edited',
  MessageCleared: 'admin-desk.event.message-cleared',
};

/** Every event type an admin may filter the audit by, in the order of the list above. */
export const AUDIT_EVENT_TYPES = [
  ...Object.keys(EVENT_KEYS),
  'StatementUploaded',
  'StatementFileRead',
  'StatementFileRejected',
  'StatementParsed',
  'StatementTransitioned',
  'FundsReceived',
  'StatementCalculated',
  'CalculationFailed',
  'StatementApproved',
  'BalancesCredited',
  'PaymentsPrepared',
  'StatementDateMoved',
  'AdjustmentAdded',
  'StatementFilesReplaced',
  'StatementTotalChecked',
  'StatementTotalConfirmed',
];

/** The translation key naming an event for an admin. */
export function eventLabelKey(event: { type: string; data: Record<string, unknown> }): string {
  return EVENT_KEYS[event.type] ?? historyEventKey(event);
}

/** The translation key of each stream kind. */
export const STREAM_KIND_KEYS: Record<string, string> = {
  account: 'admin-desk.stream.account',
  user: 'admin-desk.stream.user',
  artist: 'admin-desk.stream.artist',
  distributor: 'admin-desk.stream.distributor',
  product: 'admin-desk.stream.product',
  statement: 'admin-desk.stream.statement',
  recoupment: 'admin-desk.stream.recoupment',
  payment: 'admin-desk.stream.payment',
  bankaccount: 'admin-desk.stream.bankaccount',
  paymentsettings: 'admin-desk.stream.paymentsettings',
  person: 'admin-desk.stream.person',
  business: 'admin-desk.stream.business',
  intakekey: 'admin-desk.stream.intakekey',
  layout: 'admin-desk.stream.layout',
  bankfileoriginator: 'admin-desk.stream.bankfileoriginator',
  bankfile: 'admin-desk.stream.bankfile',
  message: 'admin-desk.stream.message',
  taxform: 'admin-desk.stream.taxform',
};

/** Where an admin acts on a stream's entity, when the portal has a page for it. */
export function streamLink(streamId: string): string | null {
  const dash = streamId.indexOf('-');
  const kind = streamId.slice(0, dash);
  const id = encodeURIComponent(streamId.slice(dash + 1));
  const pages: Record<string, string> = {
    statement: `/statements/${id}`,
    product: `/products/${id}`,
    recoupment: `/recoupments/${id}`,
    payment: `/payments/${id}`,
    artist: `/artists/${id}`,
    distributor: `/distributors/${id}`,
  };
  return pages[kind] ?? null;
}
