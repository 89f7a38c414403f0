import type { AccountLinkPurpose } from '../../api/accountLinks';
import type {
  RecoupmentPriority,
  RecoupmentScope,
  RecoupmentType,
  Reimbursement,
} from '../../api/recoupments';
import type { TextEncoding } from '../../rules/encodings';
import type { Role } from '../../rules/permissions';
import type { CodeKind } from '../../rules/records';
import type { LedgerTransfer } from '../ledger/transfers';
import type { HoldReason, PaymentFailure } from '../../api/payments';
import type { BankAccountType } from '../../rules/bankAccount';
import type { Share, SplitSet } from '../../engine/types';
import type { DistributorTemplate, LayoutVersion } from '../../rules/templateSchema';

/** Every event the portal records, one union per stream kind; data is plain JSON. */

export type { CodeKind, RecoupmentType, Role };

export type AccountType = 'label' | 'person' | 'business' | 'admin';

/** The `account-<id>` stream: the account itself and its catalog-wide settings. */
export type AccountEvent =
  | { type: 'AccountOpened'; data: { accountId: string; name: string; accountType: AccountType } }
  | { type: 'DefaultSplitsChanged'; data: { before: SplitSet[]; after: SplitSet[] } }
  | { type: 'PresetCreated'; data: { presetId: string; name: string; shares: Share[] } }
  /** A person the account made, or who works with it: a payee it may name in splits. */
  | { type: 'AccountPayeeAdded'; data: { userId: string } }
  /** A person of another account, named by e-mail: a payee only once they accept. */
  | { type: 'AccountPayeeInvited'; data: { userId: string } }
  | { type: 'AccountPayeeAccepted'; data: { userId: string } }
  /** The account's default distributor take (%) for one distributor; null clears it. */
  | { type: 'DistributorTakeSet'; data: { distributorId: string; takePct: string | null } };

/** The `user-<id>` stream. */
export type UserEvent =
  | {
      type: 'UserRegistered';
      data: {
        userId: string;
        accountId: string;
        username: string | null;
        fullname: string;
        roles: Role[];
        language: string;
        passwordHash: string | null;
      };
    }
  | { type: 'UserPasswordSet'; data: { passwordHash: string } }
  | { type: 'UserLoggedIn'; data: Record<string, never> }
  | { type: 'UserLoginFailed'; data: { failedLogins: number } }
  | { type: 'UserLocked'; data: { until: string } }
  /** An admin lifted a login lock before it ran out. */
  | { type: 'UserUnlocked'; data: Record<string, never> }
  | { type: 'UserProfileChanged'; data: { fullname?: string; language?: string; roles?: Role[] } }
  | { type: 'UserEmulationStarted'; data: { targetUserId: string } }
  | { type: 'UserEmulationStopped'; data: { targetUserId: string } }
  | { type: 'UserLinkSent'; data: { purpose: LinkPurpose; expiresAt: string } }
  | { type: 'UserClaimed'; data: { passwordHash: string } }
  | { type: 'UserActivated'; data: { passwordHash: string } }
  /** The Account page: SPEC's name value, the display name and the full name derived from them. */
  | {
      type: 'UserNamesChanged';
      data: {
        firstName: string;
        middleInitial: string;
        lastName: string;
        displayName: string;
        fullname: string;
      };
    }
  | {
      type: 'UserPreferencesChanged';
      data: { language: string; timezone: string; clock: string; currency: string };
    }
  /** A confirmation link went to the new address; the username changes once it is used. */
  | { type: 'UserUsernameChangeRequested'; data: { newUsername: string; expiresAt: string } }
  | { type: 'UserUsernameChanged'; data: { from: string | null; to: string } }
  /** An admin deleted the person after typing DELETE: no login, their history kept. */
  | { type: 'UserDeleted'; data: Record<string, never> };

/** What a single-use e-mailed link is for. */
export type LinkPurpose = AccountLinkPurpose;

/** The `artist-<id>` stream. */
export type ArtistEvent =
  | { type: 'ArtistCreated'; data: { artistId: string; accountId: string; name: string } }
  | { type: 'ArtistUserLinked'; data: { userId: string } }
  | { type: 'ArtistUserUnlinked'; data: { userId: string } };

export interface DistributorFields {
  name: string;
  uploadable: boolean;
  template: DistributorTemplate | null;
}

/** The `distributor-<id>` stream. */
export type DistributorEvent =
  | {
      type: 'DistributorCreated';
      data: {
        distributorId: string;
        name: string;
        uploadable: boolean;
        template?: DistributorTemplate | null;
      };
    }
  | {
      type: 'DistributorChanged';
      data: { before: Partial<DistributorFields>; after: Partial<DistributorFields> };
    };

export interface UploadedFile {
  fileId: string;
  name: string;
  sha256: string;
  size: number;
  /** The text encoding the uploader confirmed: the file is read in it, whatever is detected. */
  encoding?: TextEncoding;
}

/** The `statement-<id>` stream. */
export type StatementEvent =
  | {
      type: 'StatementUploaded';
      data: {
        statementId: string;
        accountId: string;
        distributorId: string;
        period: string;
        expected: string | null;
        title: string;
        cashless?: boolean;
        /** 1 `from` = `rate` `to`: files whose amounts are in `from` are converted. */
        exchange?: { from: string; to: string; rate: string } | null;
        files: UploadedFile[];
        /** Sent by a partner distributor with an intake key rather than uploaded by a person. */
        intake?: { keyId: string; keyName: string };
      };
    }
  | {
      type: 'StatementFileRead';
      data: { fileId: string; rowsRead: number; records: number; errors: number; summary: object };
    }
  | { type: 'StatementFileRejected'; data: { fileId: string; error: string } }
  | { type: 'StatementParsed'; data: { outcome: 'parsed' | 'failed' } }
  | {
      type: 'StatementTransitioned';
      data: {
        event: string;
        facts: object | null;
        from: string;
        to: string;
        flags: StatementFlags;
      };
    }
  | { type: 'FundsReceived'; data: { amount: string; total: string } }
  | {
      type: 'StatementCalculated';
      data: {
        calculationId: string;
        inputSha256: string;
        outputSha256: string;
        backend: 'wasm' | 'decimal';
        totals: object;
        state: object;
        /**
         * The approved calculation whose engine state this one started from, null when none was
         * approved before; absent in events written before it was recorded.
         */
        basedOn?: string | null;
      };
    }
  | { type: 'CalculationFailed'; data: { message: string } }
  | { type: 'StatementApproved'; data: { calculationId: string } }
  | {
      /** Each payee's exact payout moved between the label's funding and their balance. */
      type: 'BalancesCredited';
      data: { transfers: LedgerTransfer[] };
    }
  | {
      type: 'PaymentsPrepared';
      data: {
        payments: {
          paymentId: string;
          transactionId: string;
          payeeId: string;
          amount: string;
          currency: string;
          /** The payment taken from the payee's balance; absent before balances were kept. */
          transfer?: LedgerTransfer;
          /** The account's passback mode when prepared; absent (off) before it was kept. */
          passback?: boolean;
        }[];
      };
    }
  | { type: 'StatementDateMoved'; data: { from: string | null; to: string } }
  | {
      type: 'AdjustmentAdded';
      data: {
        adjustmentId: string;
        code: string;
        units: number;
        amount: string;
        description: string;
      };
    }
  | { type: 'StatementFilesReplaced'; data: { removed: string[]; added: UploadedFile[] } }
  /** This statement's distributor take (%), over the account's default; null clears it. */
  | { type: 'StatementTakeSet'; data: { takePct: string | null } };

export interface StatementFlags {
  forced: boolean;
  expedited: boolean;
  cashless: boolean;
}

export interface CodeEntry {
  code: string;
  kind: CodeKind;
}

/** Every descriptive field of a product (SPEC section 3). */
export interface ProductDetails {
  title: string;
  altTitle: string | null;
  subtitle: string | null;
  productType: string;
  genre: string | null;
  durationSeconds: number | null;
  copyright: string | null;
  territory: string | null;
  label: string | null;
  labelArtist: string | null;
  artistId: string | null;
  tags: string[];
  visibility: 'full' | 'limited';
  revenueView: 'gross' | 'net';
}

/** The `product-<id>` stream. */
export type ProductEvent =
  | {
      type: 'ProductCreated';
      data: { productId: string; accountId: string; details: ProductDetails; codes: CodeEntry[] };
    }
  | {
      type: 'ProductChanged';
      data: { before: Partial<ProductDetails>; after: Partial<ProductDetails> };
    }
  | { type: 'ProductCodesChanged'; data: { added: CodeEntry[]; removed: CodeEntry[] } }
  | { type: 'ProductSplitsChanged'; data: { before: SplitSet[]; after: SplitSet[] } };

/** Every field of a recoupment a label sets (SPEC section 3, "Recoupment"); money and % as text. */
export interface RecoupmentTerms {
  title: string;
  subtitle: string | null;
  active: boolean;
  amount: string;
  currency: string;
  expectedValue: string | null;
  prepaid: string;
  statementMaximum: string | null;
  paymentMinimum: string;
  revenueMinimum: string;
  dueDate: string | null;
  startDate: string | null;
  recoupmentType: RecoupmentType;
  kind: string | null;
  tag: string | null;
  creditorId: string;
  debtorIds: string[];
  warranterId: string | null;
  scope: RecoupmentScope;
  autoLink: boolean;
  productIds: string[];
  netRevenuePct: string;
  recoupablePct: string;
  priority: RecoupmentPriority;
  reimbursement: Reimbursement;
  mechanicalRepays: boolean;
}

/** What an approved statement took for one recoupment; debtorId null is the off-the-top cut. */
export interface Remitted {
  debtorId: string | null;
  amount: string;
}

/** The `recoupment-<id>` stream. */
export type RecoupmentEvent =
  | {
      type: 'RecoupmentCreated';
      data: { recoupmentId: string; accountId: string; terms: RecoupmentTerms };
    }
  | {
      type: 'RecoupmentChanged';
      data: { before: Partial<RecoupmentTerms>; after: Partial<RecoupmentTerms> };
    }
  | { type: 'RecoupmentDeleted'; data: Record<string, never> }
  | {
      type: 'RecoupmentRemitted';
      data: {
        statementId: string;
        calculationId: string;
        taken: string;
        /** The deferred balance after the statement. */
        deferred: string;
        remittances: Remitted[];
      };
    };

/**
 * The `payment-<id>` stream: each move of one payment, as the payment machine decides it. Events
 * that move money carry their ledger transfers, so replay posts exactly what was posted.
 */
export type PaymentStreamEvent =
  | { type: 'PaymentHeld'; data: { reason: HoldReason } }
  | { type: 'PaymentTransferStarted'; data: { transactionId: string } }
  | {
      type: 'PaymentTransferCreated';
      data: { transactionId: string; partnerTransferId: string; traceId: string };
    }
  | { type: 'PaymentSettled'; data: { transactionId: string; transfers: LedgerTransfer[] } }
  | { type: 'PaymentFeePaid'; data: { fee: string; transfers: LedgerTransfer[] } }
  | {
      type: 'PaymentReturned';
      data: { transactionId: string; failure: PaymentFailure; transfers: LedgerTransfer[] };
    }
  | {
      type: 'PaymentRetried';
      data: {
        transactionId: string;
        transfers: LedgerTransfer[];
        /** The new transaction's passback mode; absent (off) before it was kept. */
        passback?: boolean;
      };
    };

/**
 * The `paymentsettings-<account id>` stream: how a label pays its payees. Neither value is shown
 * to payees (SPEC section 9: the payment minimum is a configurable amount, not shown).
 */
export type PaymentSettingsEvent =
  /** Below this payable amount in the currency a payee's payments wait; 0 pays every cent. */
  | { type: 'PaymentMinimumSet'; data: { currency: string; amount: string } }
  /** On: a returned transfer goes back to the label's funds; off: back to the payee's balance. */
  | { type: 'PassbackModeSet'; data: { passback: boolean } };

/**
 * The `bankaccount-<person id>` stream: the bank account a person is paid to. The account number
 * is kept encrypted (payments/dataKey.ts); the log never holds it in clear.
 */
export type BankAccountEvent =
  | {
      type: 'BankAccountAdded';
      data: {
        customerId: string;
        fundingSourceId: string;
        routingNumber: string;
        accountNumberEncrypted: string;
        last4: string;
        accountType: BankAccountType;
        /** The bank the partner found for the routing number; absent or null when unknown. */
        bankName?: string | null;
      };
    }
  | { type: 'MicroDepositsSent'; data: { fundingSourceId: string } }
  | { type: 'BankAccountVerified'; data: { fundingSourceId: string } }
  | { type: 'BankAccountVerificationFailed'; data: { fundingSourceId: string } }
  /** Too many wrong tries: the partner removed the account, which must be added again. */
  | { type: 'BankAccountVerificationLocked'; data: { fundingSourceId: string; tries: number } };

export interface PersonAddress {
  street: string;
  suite: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/**
 * The `person-<user id>` stream: a person's details and ID documents (SPEC section 3, "Account").
 * The SSN is kept encrypted (payments/dataKey.ts) with its last 4 digits; never in clear.
 */
export type PersonEvent =
  | {
      type: 'PersonDetailsChanged';
      data: {
        phone: string;
        birthdate: string | null;
        address: PersonAddress;
        /** Absent: the SSN given before stays. */
        ssn?: { encrypted: string; last4: string; kind: 'last4' | 'full' };
      };
    }
  | {
      type: 'PersonDocumentAdded';
      data: {
        documentId: string;
        kind: string;
        name: string;
        sha256: string;
        size: number;
        contentType: string;
      };
    }
  | { type: 'PersonDocumentRemoved'; data: { documentId: string } };

export interface AddressFields {
  street: string;
  suite: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/**
 * The `business-<account id>` stream: a business account's details, beneficial owners and
 * certification. The EIN and SSN digits are kept encrypted (payments/dataKey.ts). A change to
 * the details or the owners voids a certification given before it.
 */
export type BusinessEvent =
  | {
      type: 'BusinessDetailsSet';
      data: {
        businessName: string;
        dba: string | null;
        businessType: string;
        classification: string;
        einEncrypted: string;
        einLast4: string;
        address: AddressFields;
      };
    }
  | {
      type: 'BeneficialOwnerSaved';
      data: {
        ownerId: string;
        firstName: string;
        lastName: string;
        ownershipPct: string;
        birthdate: string | null;
        address: AddressFields | null;
        ssnLast4Encrypted: string | null;
      };
    }
  | { type: 'BeneficialOwnerRemoved'; data: { ownerId: string } }
  | {
      type: 'BusinessCertified';
      data: {
        signerName: string;
        signerTitle: string;
        /** The words certified, as the signer agreed to them, and their version. */
        text: string;
        textVersion: number;
        /** 'I accept the agreement': the product's and the payment partner's terms. */
        agreementAccepted: true;
      };
    };

/**
 * The `intakekey-<id>` stream: a key a partner distributor sends one label's statements with.
 * Only the key's SHA-256 is recorded; the key itself is shown once, to its creator.
 */
export type IntakeKeyEvent =
  | {
      type: 'IntakeKeyCreated';
      data: {
        keyId: string;
        accountId: string;
        distributorId: string;
        name: string;
        prefix: string;
        keyHash: string;
      };
    }
  | { type: 'IntakeKeyRevoked'; data: Record<string, never> };

/**
 * The `layout-<id>` stream: a layout version one label account added for itself to read a
 * distributor's statements with, beside the distributor's own; no other account reads with it.
 */
export type AccountLayoutEvent =
  | {
      type: 'AccountLayoutAdded';
      data: { layoutId: string; accountId: string; distributorId: string; layout: LayoutVersion };
    }
  | { type: 'AccountLayoutChanged'; data: { before: LayoutVersion; after: LayoutVersion } }
  | { type: 'AccountLayoutRemoved'; data: Record<string, never> };

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
