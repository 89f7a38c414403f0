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
