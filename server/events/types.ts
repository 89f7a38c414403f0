// Every event the portal records, one union per stream kind (a file each in types/); data is plain
// JSON. This index joins them into the union of all events, so importers name one module.
import type { AccountEvent } from './types/account';
import type { UserEvent } from './types/user';
import type { ArtistEvent } from './types/artist';
import type { DistributorEvent } from './types/distributor';
import type { StatementEvent } from './types/statement';
import type { ProductEvent } from './types/product';
import type { RecoupmentEvent } from './types/recoupment';
import type { PaymentStreamEvent } from './types/payment';
import type { PaymentSettingsEvent } from './types/paymentSettings';
import type { BankAccountEvent } from './types/bankAccount';
import type { PersonEvent } from './types/person';
import type { BusinessEvent } from './types/business';
import type { IntakeKeyEvent } from './types/intakeKey';
import type { AccountLayoutEvent } from './types/accountLayout';
import type { BankFileOriginatorEvent } from './types/bankFileOriginator';
import type { BankFileEvent } from './types/bankFile';
import type { MessageEvent } from './types/message';
import type { ReserveRulesEvent, ReservesEvent } from './types/reserve';
import type { PeriodEvent } from './types/period';
import type { BooksEvent } from './types/books';
import type { TaxFormEvent } from './types/taxForm';

export type { Role, AccountType, AccountEvent } from './types/account';
export type { UserEvent, LinkPurpose } from './types/user';
export type { ArtistEvent } from './types/artist';
export type { DistributorFields, DistributorEvent } from './types/distributor';
export type { UploadedFile, StatementEvent, StatementFlags } from './types/statement';
export type { CodeKind, CodeEntry, ProductDetails, ProductEvent } from './types/product';
export type {
  RecoupmentType,
  RecoupmentTerms,
  Remitted,
  RecoupmentEvent,
} from './types/recoupment';
export type { PaymentStreamEvent } from './types/payment';
export type { PaymentSettingsEvent } from './types/paymentSettings';
export type { BankAccountEvent } from './types/bankAccount';
export type { PersonAddress, PersonEvent } from './types/person';
export type { AddressFields, BusinessEvent } from './types/business';
export type { IntakeKeyEvent } from './types/intakeKey';
export type { AccountLayoutEvent } from './types/accountLayout';
export type { BankFileOriginatorEvent } from './types/bankFileOriginator';
export type { BankFileEvent } from './types/bankFile';
export type { MessageContent, MessageEvent } from './types/message';
export type { ReserveRulesEvent, ReservesEvent, ScheduledRelease } from './types/reserve';
export type { PeriodCurrencySummary, PeriodEvent } from './types/period';
export type { BooksEvent } from './types/books';
export type { TaxFormEvent } from './types/taxForm';

/** Each stream kind (the `<kind>-` prefix of a stream id) and the one union of its events. */
export interface StreamEvents {
  account: AccountEvent;
  user: UserEvent;
  artist: ArtistEvent;
  distributor: DistributorEvent;
  product: ProductEvent;
  statement: StatementEvent;
  recoupment: RecoupmentEvent;
  payment: PaymentStreamEvent;
  bankaccount: BankAccountEvent;
  paymentsettings: PaymentSettingsEvent;
  person: PersonEvent;
  business: BusinessEvent;
  intakekey: IntakeKeyEvent;
  layout: AccountLayoutEvent;
  bankfileoriginator: BankFileOriginatorEvent;
  bankfile: BankFileEvent;
  message: MessageEvent;
  reserverules: ReserveRulesEvent;
  reserves: ReservesEvent;
  period: PeriodEvent;
  books: BooksEvent;
  taxform: TaxFormEvent;
}

export type StreamKind = keyof StreamEvents;

export type PortalEvent = StreamEvents[StreamKind];

export type EventType = PortalEvent['type'];

/** Who did it and when: the time comes with the command, never from inside logic. */
export interface EventMetadata {
  actor: string | null;
  emulatingActor: string | null;
  at: Date;
}

interface StoredEventFields {
  seq: string;
  streamId: string;
  streamVersion: number;
  actor: string | null;
  emulatingActor: string | null;
  at: Date;
}

/** An event as the log holds it; distributes over the union so `type` narrows `data`. */
export type StoredEvent<E extends PortalEvent = PortalEvent> = E extends PortalEvent
  ? StoredEventFields & { type: E['type']; data: E['data'] }
  : never;
