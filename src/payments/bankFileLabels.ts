import type { TFunction } from 'i18next';
import type { BankFileFormat } from '../../api/bankFiles';

/** A bank file's format as its reader knows it from their bank: ACH (NACHA), SEPA credit transfer. */
export const bankFileFormatLabel = (t: TFunction, format: BankFileFormat): string =>
  t(`bank-files.format.${format}`);
