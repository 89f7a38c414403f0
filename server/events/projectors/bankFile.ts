import { postTransfers } from '../readModels/ledgerTransfers';
import type { BankFileEvent } from '../types';
import type { Projector } from './projector';

// The files themselves are the rail's tables, as a partner's records are: the log keeps who
// downloaded and submitted them, and posts what the micro-deposits cost the label.
export const bankFileProjector: Projector<BankFileEvent> = {
  async BankFileWritten(tx, { data }, { at }) {
    await postTransfers(tx, data.transfers, { statementId: null, at });
  },
  async BankFileDownloaded() {},
  async BankFileSubmitted() {},
};
