import type {
  RecoupmentPriority,
  RecoupmentScope,
  RecoupmentType,
  Reimbursement,
} from '../../../api/recoupments';

export type { RecoupmentType };

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
