/**
 * SEPA Credit Transfer files (ISO 20022 pain.001.001.09, as the EPC's customer-to-bank guidelines
 * restrict it) that a label uploads to its bank, and the status report (pain.002) a bank sends
 * back. Pure: text in, text out; the bank-file rail keeps what they produce.
 */
import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import { escapeXml, isSepaIdentifier, toSepaText } from './sepaText';

export { readSepaReturns } from './sepaReturns';

export interface SepaDebtor {
  name: string;
  iban: string;
  bic: string | null;
}

export interface SepaCredit {
  /** UUID */
  paymentId: string;
  /** EUR cents, > 0 */
  amountCents: bigint;
  /** Up to 70 characters of the SEPA character set: the writer transliterates and cuts. */
  creditorName: string;
  iban: string;
  bic: string | null;
  /** Unstructured, up to 140 characters. */
  remittance: string;
}

export interface SepaFileInput {
  debtor: SepaDebtor;
  /** Up to 35 characters, unique per file. */
  messageId: string;
  createdAt: Date;
  /** YYYY-MM-DD */
  requestedExecutionDate: string;
  /** At least 1. */
  credits: SepaCredit[];
}

export interface WrittenSepaFile {
  xml: string;
  /** The sum of the credits, euros with 2 decimals, as the file states it. */
  controlSum: string;
  /** The id of the file's one payment block, which a bank's rejection of the block names. */
  paymentInformationId: string;
}

const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';
const PAIN_002_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.002.001.11';
/** The EPC's largest amount of one SEPA credit transfer: 999,999,999.99 euros. */
const MAX_AMOUNT_CENTS = 99_999_999_999n;
const NAME_LENGTH = 70;
const REMITTANCE_LENGTH = 140;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The end-to-end id of a payment: its UUID without hyphens (32 characters; SEPA allows 35). */
export function endToEndIdOf(paymentId: string): string {
  if (!UUID.test(paymentId)) throw new Error(`paymentId "${paymentId}" is not a UUID`);
  return paymentId.replaceAll('-', '').toLowerCase();
}

/** The payment an end-to-end id names, or null when the portal did not write it. */
export function paymentIdOfEndToEndId(endToEndId: string): string | null {
  const hex = endToEndId.trim().toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}

/** Euros with 2 decimals from cents, exactly. */
export function eurosOfCents(cents: bigint): string {
  const whole = cents / 100n;
  const rest = (cents % 100n).toString().padStart(2, '0');
  return `${whole}.${rest}`;
}

/** An ISO date-time without fractions, in UTC. */
const isoDateTime = (at: Date): string => `${at.toISOString().slice(0, 19)}Z`;

function checkedIban(iban: string, field: string): string {
  const electronic = electronicFormatIBAN(iban) ?? '';
  if (!isValidIBAN(electronic)) throw new Error(`${field} is not a valid IBAN`);
  if (!isSEPACountry(electronic.slice(0, 2)))
    throw new Error(`${field} is an IBAN outside the SEPA scheme`);
  return electronic;
}

function checkedBic(bic: string | null, field: string): string | null {
  if (bic === null) return null;
  const normalized = bic.replace(/\s+/g, '').toUpperCase();
  if (!isValidBIC(normalized)) throw new Error(`${field} is not a valid BIC`);
  return normalized;
}

function checkedName(name: string, field: string): string {
  const sepaName = toSepaText(name, NAME_LENGTH);
  if (sepaName === '') throw new Error(`${field} has no character a SEPA file can carry`);
  return sepaName;
}

function checkedDate(date: string, field: string): string {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : null;
  if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    throw new Error(`${field} is not a date (YYYY-MM-DD)`);
  return date;
}

const element = (name: string, content: string): string => `<${name}>${content}</${name}>`;
const text = (name: string, value: string): string => element(name, escapeXml(value));

interface CheckedCredit {
  endToEndId: string;
  amountCents: bigint;
  creditorName: string;
  iban: string;
  bic: string | null;
  remittance: string;
}

function checkedCredit(credit: SepaCredit, index: number): CheckedCredit {
  const field = `credits[${index}]`;
  if (credit.amountCents <= 0n) throw new Error(`${field}.amountCents must be positive`);
  if (credit.amountCents > MAX_AMOUNT_CENTS)
    throw new Error(`${field}.amountCents is above 999,999,999.99 euros`);
  return {
    endToEndId: endToEndIdOf(credit.paymentId),
    amountCents: credit.amountCents,
    creditorName: checkedName(credit.creditorName, `${field}.creditorName`),
    iban: checkedIban(credit.iban, `${field}.iban`),
    bic: checkedBic(credit.bic, `${field}.bic`),
    remittance: toSepaText(credit.remittance, REMITTANCE_LENGTH),
  };
}

function creditTransaction(credit: CheckedCredit): string {
  return element(
    'CdtTrfTxInf',
    [
      element('PmtId', text('EndToEndId', credit.endToEndId)),
      element('Amt', `<InstdAmt Ccy="EUR">${eurosOfCents(credit.amountCents)}</InstdAmt>`),
      credit.bic ? element('CdtrAgt', element('FinInstnId', text('BICFI', credit.bic))) : '',
      element('Cdtr', text('Nm', credit.creditorName)),
      element('CdtrAcct', element('Id', text('IBAN', credit.iban))),
      credit.remittance ? element('RmtInf', text('Ustrd', credit.remittance)) : '',
    ].join(''),
  );
}

/**
 * One SEPA credit transfer file: one payment block (batch booking, SEPA service level, charges
 * shared) paying every credit from the label's account. Throws an Error naming the field for
 * anything a bank would refuse (an invalid IBAN or BIC, an amount not above zero, no credits) and
 * for a payment given twice.
 */
export function writeSepaCreditTransfer(input: SepaFileInput): WrittenSepaFile {
  if (!isSepaIdentifier(input.messageId))
    throw new Error('messageId must be 1 to 35 characters of the SEPA identifier set');
  if (Number.isNaN(input.createdAt.getTime())) throw new Error('createdAt is not a date');
  const executionDate = checkedDate(input.requestedExecutionDate, 'requestedExecutionDate');
  if (input.credits.length === 0) throw new Error('credits must hold at least one credit');
  const debtorName = checkedName(input.debtor.name, 'debtor.name');
  const debtorIban = checkedIban(input.debtor.iban, 'debtor.iban');
  const debtorBic = checkedBic(input.debtor.bic, 'debtor.bic');
  const credits = input.credits.map(checkedCredit);
  // A payment twice in one file would be paid twice: the bank pays each transaction it reads.
  const firstIndex = new Map<string, number>();
  credits.forEach((credit, index) => {
    const earlier = firstIndex.get(credit.endToEndId);
    if (earlier !== undefined)
      throw new Error(`credits[${index}].paymentId repeats credits[${earlier}].paymentId`);
    firstIndex.set(credit.endToEndId, index);
  });

  const controlSum = eurosOfCents(credits.reduce((sum, credit) => sum + credit.amountCents, 0n));
  const count = String(credits.length);
  const paymentInformationId = input.messageId;
  const debtorAgent = debtorBic
    ? text('BICFI', debtorBic)
    : element('Othr', text('Id', 'NOTPROVIDED'));

  const groupHeader = element(
    'GrpHdr',
    [
      text('MsgId', input.messageId),
      text('CreDtTm', isoDateTime(input.createdAt)),
      text('NbOfTxs', count),
      text('CtrlSum', controlSum),
      element('InitgPty', text('Nm', debtorName)),
    ].join(''),
  );
  const paymentInformation = element(
    'PmtInf',
    [
      text('PmtInfId', paymentInformationId),
      text('PmtMtd', 'TRF'),
      text('BtchBookg', 'true'),
      text('NbOfTxs', count),
      text('CtrlSum', controlSum),
      element('PmtTpInf', element('SvcLvl', text('Cd', 'SEPA'))),
      element('ReqdExctnDt', text('Dt', executionDate)),
      element('Dbtr', text('Nm', debtorName)),
      element('DbtrAcct', element('Id', text('IBAN', debtorIban))),
      element('DbtrAgt', element('FinInstnId', debtorAgent)),
      text('ChrgBr', 'SLEV'),
      ...credits.map(creditTransaction),
    ].join(''),
  );
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Document xmlns="${PAIN_001_NAMESPACE}">` +
    element('CstmrCdtTrfInitn', groupHeader + paymentInformation) +
    '</Document>\n';
  return { xml, controlSum, paymentInformationId };
}

export interface SepaRejection {
  endToEndId: string;
  /** The ISO 20022 reason code, e.g. AC04. */
  code: string;
  amountCents: bigint;
}

/**
 * The status report (pain.002.001.11) a bank sends rejecting these transactions of a file the
 * portal wrote, for tests and the sandbox. The file's payment block has the message's id.
 */
export function writeSepaStatusReport(input: {
  originalMessageId: string;
  createdAt: Date;
  rejected: SepaRejection[];
}): string {
  const transactions = input.rejected.map((rejection, index) =>
    element(
      'TxInfAndSts',
      [
        text('StsId', `RJCT-${index + 1}`),
        text('OrgnlEndToEndId', rejection.endToEndId),
        text('TxSts', 'RJCT'),
        element('StsRsnInf', element('Rsn', text('Cd', rejection.code))),
        element(
          'OrgnlTxRef',
          element('Amt', `<InstdAmt Ccy="EUR">${eurosOfCents(rejection.amountCents)}</InstdAmt>`),
        ),
      ].join(''),
    ),
  );
  const report = element(
    'CstmrPmtStsRpt',
    [
      element(
        'GrpHdr',
        text('MsgId', `STS-${input.originalMessageId}`.slice(0, 35)) +
          text('CreDtTm', isoDateTime(input.createdAt)),
      ),
      element(
        'OrgnlGrpInfAndSts',
        text('OrgnlMsgId', input.originalMessageId) +
          text('OrgnlMsgNmId', 'pain.001.001.09') +
          text('GrpSts', transactions.length > 0 ? 'PART' : 'ACCP'),
      ),
      element(
        'OrgnlPmtInfAndSts',
        text('OrgnlPmtInfId', input.originalMessageId) +
          text('PmtInfSts', transactions.length > 0 ? 'PART' : 'ACCP') +
          transactions.join(''),
      ),
    ].join(''),
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Document xmlns="${PAIN_002_NAMESPACE}">${report}</Document>\n`
  );
}
