/**
 * NACHA ACH files, written and read as text: the credit file a label uploads to its bank (PPD for
 * people, CCD for businesses) and the return file the bank sends back. Pure: no database, no clock.
 *
 * Layouts follow the NACHA Operating Rules, Appendix Three (record formats) and Appendix Four
 * (return entries, addenda type 99). Every record is 94 characters; a file is blocked to a
 * multiple of 10 records with records of nines.
 */
import { isValidRoutingNumber } from '../../../rules/bankAccount';
import type { OriginatorProblem } from '../../../rules/bankFileOriginator';
import { BankFileUnreadable, type BankReturn } from './types';

export interface NachaOriginator {
  /** The receiving bank's 9-digit routing number (File Header). */
  immediateDestination: string;
  /** Up to 23 characters. */
  immediateDestinationName: string;
  /** 10 characters as the bank assigns (often "1" + 9-digit tax id). */
  immediateOrigin: string;
  /** Up to 23 characters. */
  immediateOriginName: string;
  /** Up to 16 characters. */
  companyName: string;
  /** Company Identification, 10 characters. */
  companyId: string;
  /** The originating bank's 9-digit routing number (the file uses its first 8). */
  odfiRouting: string;
}
export type OriginatorField = keyof NachaOriginator;
/** What a bank refuses an originator field for: one list with the label's settings form. */
export type { OriginatorProblem };

export interface NachaCredit {
  /** UUID; written whole in the entry's addenda (type 05). */
  paymentId: string;
  /** 1 .. 99,999,999.99 in cents. */
  amountCents: bigint;
  /** The writer makes it 22 uppercase ASCII characters. */
  receiverName: string;
  /** Individual Identification Number, up to 15 characters. */
  receiverId: string;
  /** 9 digits. */
  routingNumber: string;
  /** Up to 17. */
  accountNumber: string;
  accountType: 'checking' | 'savings';
  /** Businesses in a CCD batch, people in a PPD batch. */
  business: boolean;
}

export interface NachaFileInput {
  originator: NachaOriginator;
  /** File creation date and time (UTC). */
  createdAt: Date;
  /** A-Z or 0-9: files of one day told apart. */
  fileIdModifier: string;
  /** YYMMDD. */
  effectiveEntryDate: string;
  /** Up to 10 characters, e.g. ROYALTIES. */
  entryDescription: string;
  /** At least 1. */
  credits: NachaCredit[];
}

export interface WrittenNachaFile {
  /** 94-character records, "\n" after each, blocked to a multiple of 10 with 9-filled records. */
  text: string;
  /** The 15-digit trace number of each entry, in the order of the credits. */
  traces: { paymentId: string; traceNumber: string }[];
  entryCount: number;
  totalCents: bigint;
}

type ReturnedEntry = NachaReturnInput['returns'][number] & { receiverId: string };

export interface NachaReturnInput {
  original: WrittenNachaFile;
  originator: NachaOriginator;
  returns: {
    /** The trace number of the original entry returned. */
    traceNumber: string;
    code: string;
    amountCents: bigint;
    receiverName: string;
    routingNumber: string;
    accountNumber: string;
    accountType: 'checking' | 'savings';
  }[];
  createdAt: Date;
}

const RECORD_LENGTH = 94;
const BLOCKING_FACTOR = 10;
const PADDING_RECORD = '9'.repeat(RECORD_LENGTH);
/** Service class 220: the batch holds credits only. */
const CREDITS_ONLY = '220';
/** Ten digits of cents: $99,999,999.99, the Amount field of an entry. */
const MAX_ENTRY_CENTS = 9_999_999_999n;
/** Twelve digits of cents: the total fields of the batch and file controls. */
const MAX_TOTAL_CENTS = 999_999_999_999n;
/** NACHA allows any character from hex 20 up; banks refuse the rest of ASCII and beyond. */
const ACH_CHARACTERS = /^[\x20-\x7e]*$/;
/** What the writer keeps of a name: what every bank prints and matches. */
const NAME_CHARACTERS = /[^A-Z0-9 .,&'/()#-]/g;

const transactionCodes = { checking: '22', savings: '32' } as const;
const returnTransactionCodes = { checking: '21', savings: '31' } as const;

/** Every problem a bank would refuse the originator fields for; [] when they are sound. */
export function checkNachaOriginator(
  o: NachaOriginator,
): { field: OriginatorField; problem: OriginatorProblem }[] {
  const problems: { field: OriginatorField; problem: OriginatorProblem }[] = [];
  const add = (field: OriginatorField, problem: OriginatorProblem | null) => {
    if (problem) problems.push({ field, problem });
  };
  add('immediateDestination', routingProblem(o.immediateDestination));
  add('immediateDestinationName', textProblem(o.immediateDestinationName, 23));
  add('immediateOrigin', identifierProblem(o.immediateOrigin));
  add('immediateOriginName', textProblem(o.immediateOriginName, 23));
  add('companyName', textProblem(o.companyName, 16));
  add('companyId', identifierProblem(o.companyId));
  add('odfiRouting', routingProblem(o.odfiRouting));
  return problems;
}

function routingProblem(value: string): OriginatorProblem | null {
  if (value.trim() === '') return 'required';
  if (!/^\d{9}$/.test(value)) return 'digits';
  return isValidRoutingNumber(value) ? null : 'check-digit';
}

function textProblem(value: string, size: number): OriginatorProblem | null {
  if (value.trim() === '') return 'required';
  if (!ACH_CHARACTERS.test(value)) return 'characters';
  return value.length > size ? 'length' : null;
}

/** Immediate Origin and Company Identification: exactly 10 letters, digits or spaces. */
function identifierProblem(value: string): OriginatorProblem | null {
  if (value.trim() === '') return 'required';
  if (!/^[0-9A-Za-z ]*$/.test(value)) return 'characters';
  return value.length === 10 ? null : 'length';
}

/**
 * A name as a bank file carries it: accents dropped (é -> E), letters without an ASCII form
 * spelled out (ß -> SS), uppercase, other characters spaced out, cut to the field.
 */
export function achName(text: string, size: number): string {
  const spelled = [...text.normalize('NFKD')]
    .map((character) => SPELLED_OUT[character] ?? character)
    .join('')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(NAME_CHARACTERS, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return spelled.slice(0, size).trimEnd();
}

/** Latin letters NFKD does not take apart into an ASCII letter and an accent. */
const SPELLED_OUT: Readonly<Record<string, string>> = {
  ß: 'SS',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'AE',
  Œ: 'OE',
  œ: 'OE',
  Ø: 'O',
  ø: 'O',
  Ł: 'L',
  ł: 'L',
  Đ: 'D',
  đ: 'D',
  Ð: 'D',
  ð: 'D',
  Þ: 'TH',
  þ: 'TH',
  ı: 'I',
  Ħ: 'H',
  ħ: 'H',
  '\u2018': "'",
  '\u2019': "'",
  '\u2013': '-',
  '\u2014': '-',
};

/** Writes the credit file a US bank accepts; throws an Error naming the field it refuses. */
export function writeNachaFile(input: NachaFileInput): WrittenNachaFile {
  const { originator, credits } = input;
  const originatorProblems = checkNachaOriginator(originator);
  if (originatorProblems.length > 0) {
    const list = originatorProblems.map(({ field, problem }) => `${field} (${problem})`);
    throw new Error(`NACHA originator refused: ${list.join(', ')}`);
  }
  if (!/^[A-Z0-9]$/.test(input.fileIdModifier)) {
    throw new Error('fileIdModifier must be one letter A-Z or digit 0-9');
  }
  if (!isYymmdd(input.effectiveEntryDate)) {
    throw new Error('effectiveEntryDate must be a date written YYMMDD');
  }
  const description = input.entryDescription.toUpperCase();
  if (description.trim() === '' || description.length > 10 || !ACH_CHARACTERS.test(description)) {
    throw new Error('entryDescription must be 1 to 10 ACH characters');
  }
  if (credits.length === 0) throw new Error('credits: a NACHA file needs at least one credit');
  const entries = credits.map(creditEntry);

  const odfi = originator.odfiRouting.slice(0, 8);
  const batches = (['PPD', 'CCD'] as const)
    .map((sec) => ({
      sec,
      description: alpha(description, 10),
      effectiveEntryDate: input.effectiveEntryDate,
      // The ACH operator writes the settlement date; the originator leaves it blank.
      settlementDay: alpha('', 3),
      dfi: odfi,
      entries: entries.filter((entry) => entry.sec === sec),
    }))
    .filter((batch) => batch.entries.length > 0);
  const file = assembledFile(
    fileHeader(originatorHeader(originator), input.createdAt, input.fileIdModifier),
    originator,
    batches,
  );
  return {
    text: file.text,
    traces: entries.map((entry) => ({
      paymentId: entry.paymentId,
      traceNumber: file.traceNumbers.get(entry)!,
    })),
    entryCount: entries.length,
    totalCents: file.totalCents,
  };
}

/** One entry and its addenda, written once the file gives it its trace number. */
interface EntryToWrite {
  /** The routing number of the bank the entry goes to: its first 8 digits sum into the hash. */
  receivingRouting: string;
  amountCents: bigint;
  records: (traceNumber: string) => string[];
}

interface BatchToWrite {
  sec: string;
  /** Company Entry Description, 10 characters. */
  description: string;
  /** YYMMDD. */
  effectiveEntryDate: string;
  /** Three characters: a day of the year, or blanks. */
  settlementDay: string;
  /** The batch's originating bank (8 digits), which also begins its entries' trace numbers. */
  dfi: string;
  entries: EntryToWrite[];
}

/**
 * Batches of credits (service class 220) between a file header and its control: trace numbers
 * rising through the file, batch and file controls summed from the entries, blocked by 10.
 */
function assembledFile(
  header: string,
  originator: NachaOriginator,
  batches: BatchToWrite[],
): { text: string; traceNumbers: Map<EntryToWrite, string>; totalCents: bigint } {
  const companyName = alpha(achName(originator.companyName, 16), 16);
  const companyId = alpha(originator.companyId.toUpperCase(), 10);
  const records = [header];
  const traceNumbers = new Map<EntryToWrite, string>();
  const fileTotals = { batches: 0, records: 0, hash: 0n, credits: 0n };
  let sequence = 0;
  for (const batch of batches) {
    const batchNumber = numeric(BigInt(fileTotals.batches + 1), 7);
    records.push(
      [
        '5',
        CREDITS_ONLY,
        companyName,
        alpha('', 20),
        companyId,
        batch.sec,
        batch.description,
        alpha('', 6),
        batch.effectiveEntryDate,
        batch.settlementDay,
        '1',
        batch.dfi,
        batchNumber,
      ].join(''),
    );
    const totals = { records: 0, hash: 0n, credits: 0n };
    for (const entry of batch.entries) {
      sequence += 1;
      const traceNumber = batch.dfi + numeric(BigInt(sequence), 7);
      traceNumbers.set(entry, traceNumber);
      const written = entry.records(traceNumber);
      records.push(...written);
      totals.records += written.length;
      totals.hash += BigInt(entry.receivingRouting.slice(0, 8));
      totals.credits += entry.amountCents;
    }
    if (totals.credits > MAX_TOTAL_CENTS) {
      throw new Error(`credits: the ${batch.sec} batch totals more than its 12-digit field holds`);
    }
    records.push(
      [
        '8',
        CREDITS_ONLY,
        numeric(BigInt(totals.records), 6),
        entryHash(totals.hash),
        numeric(0n, 12),
        numeric(totals.credits, 12),
        companyId,
        alpha('', 19),
        alpha('', 6),
        batch.dfi,
        batchNumber,
      ].join(''),
    );
    fileTotals.batches += 1;
    fileTotals.records += totals.records;
    fileTotals.hash += totals.hash;
    fileTotals.credits += totals.credits;
  }
  if (fileTotals.credits > MAX_TOTAL_CENTS) {
    throw new Error('credits: the file totals more than its 12-digit field holds');
  }
  records.push(fileControl(records.length + 1, fileTotals));
  return { text: blocked(records), traceNumbers, totalCents: fileTotals.credits };
}

interface NachaEntry extends EntryToWrite {
  sec: 'PPD' | 'CCD';
  paymentId: string;
}

function creditEntry(credit: NachaCredit, index: number): NachaEntry {
  const at = `credits[${index}]`;
  if (!/^[0-9A-Za-z-]{1,80}$/.test(credit.paymentId)) {
    throw new Error(`${at}.paymentId must be letters, digits and hyphens, at most 80`);
  }
  if (credit.amountCents <= 0n || credit.amountCents > MAX_ENTRY_CENTS) {
    throw new Error(`${at}.amountCents must be 1 cent to 99,999,999.99`);
  }
  if (!isValidRoutingNumber(credit.routingNumber)) {
    throw new Error(`${at}.routingNumber is not a 9-digit ABA routing number`);
  }
  const account = credit.accountNumber.toUpperCase();
  if (!/^[0-9A-Z-]{1,17}$/.test(account)) {
    throw new Error(`${at}.accountNumber must be 1 to 17 letters, digits or hyphens`);
  }
  const receiverId = credit.receiverId.toUpperCase();
  if (receiverId.length > 15 || !ACH_CHARACTERS.test(receiverId)) {
    throw new Error(`${at}.receiverId must be at most 15 ACH characters`);
  }
  const name = achName(credit.receiverName, 22);
  if (name === '') {
    throw new Error(`${at}.receiverName has no letter or digit a bank file can carry`);
  }
  return {
    sec: credit.business ? 'CCD' : 'PPD',
    paymentId: credit.paymentId,
    receivingRouting: credit.routingNumber,
    amountCents: credit.amountCents,
    records: (traceNumber) => [
      entryRecord({
        transactionCode: transactionCodes[credit.accountType],
        routing: credit.routingNumber,
        account,
        amountCents: credit.amountCents,
        receiverId,
        name,
        traceNumber,
      }),
      // Addenda type 05, sequence 0001, and the entry's sequence: the last 7 of its trace.
      ['7', '05', alpha(credit.paymentId, 80), '0001', traceNumber.slice(8)].join(''),
    ],
  };
}

function entryRecord(entry: {
  transactionCode: string;
  routing: string;
  account: string;
  amountCents: bigint;
  receiverId: string;
  name: string;
  traceNumber: string;
}): string {
  return [
    '6',
    entry.transactionCode,
    entry.routing,
    alpha(entry.account, 17),
    numeric(entry.amountCents, 10),
    alpha(entry.receiverId, 15),
    alpha(entry.name, 22),
    alpha('', 2),
    '1',
    entry.traceNumber,
  ].join('');
}

interface FileHeader {
  /** " " + 9-digit routing number. */
  destination: string;
  origin: string;
  destinationName: string;
  originName: string;
}

function originatorHeader(originator: NachaOriginator): FileHeader {
  return {
    destination: ` ${originator.immediateDestination}`,
    origin: originator.immediateOrigin,
    destinationName: originator.immediateDestinationName,
    originName: originator.immediateOriginName,
  };
}

function fileHeader(header: FileHeader, createdAt: Date, fileIdModifier: string): string {
  return [
    '1',
    '01',
    alpha(header.destination, 10),
    alpha(header.origin.toUpperCase(), 10),
    yymmdd(createdAt),
    hhmm(createdAt),
    fileIdModifier,
    '094',
    '10',
    '1',
    alpha(achName(header.destinationName, 23), 23),
    alpha(achName(header.originName, 23), 23),
    alpha('', 8),
  ].join('');
}

function fileControl(
  recordCount: number,
  totals: { batches: number; records: number; hash: bigint; credits: bigint },
): string {
  return [
    '9',
    numeric(BigInt(totals.batches), 6),
    numeric(BigInt(Math.ceil(recordCount / BLOCKING_FACTOR)), 6),
    numeric(BigInt(totals.records), 8),
    entryHash(totals.hash),
    numeric(0n, 12),
    numeric(totals.credits, 12),
    alpha('', 39),
  ].join('');
}

/** The Entry Hash: the sum of the receiving banks' 8-digit ids, its rightmost 10 digits. */
function entryHash(sum: bigint): string {
  return numeric(sum % 10_000_000_000n, 10);
}

function blocked(records: string[]): string {
  for (const [i, record] of records.entries()) {
    // A record of another length would shift every field after it: never hand that to a bank.
    if (record.length !== RECORD_LENGTH) {
      throw new Error(`record ${i + 1} is ${record.length} characters, not ${RECORD_LENGTH}`);
    }
  }
  const padding = (BLOCKING_FACTOR - (records.length % BLOCKING_FACTOR)) % BLOCKING_FACTOR;
  return [...records, ...Array<string>(padding).fill(PADDING_RECORD)].map((r) => `${r}\n`).join('');
}

/** Alphanumeric field: left-justified, space-filled. */
function alpha(value: string, size: number): string {
  return value.slice(0, size).padEnd(size, ' ');
}

/** Numeric field: right-justified, zero-filled. */
function numeric(value: bigint, size: number): string {
  return value.toString().padStart(size, '0');
}

function yymmdd(date: Date): string {
  return date.toISOString().slice(2, 10).replaceAll('-', '');
}

function hhmm(date: Date): string {
  return date.toISOString().slice(11, 16).replace(':', '');
}

function isYymmdd(text: string): boolean {
  return /^\d{6}$/.test(text) && dateOfYymmdd(text) !== null;
}

/** YYMMDD as YYYY-MM-DD (years 2000-2099), null when no such day exists. */
function dateOfYymmdd(text: string): string | null {
  if (!/^\d{6}$/.test(text)) return null;
  const iso = `20${text.slice(0, 2)}-${text.slice(2, 4)}-${text.slice(4, 6)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** Cents as exact dollars: 1234n -> "12.34". */
function dollars(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/**
 * Test and sandbox use too: writes the return file a bank would send for the given entries. Each
 * return is a type 21/31 entry (the returned credit) with its addenda type 99, in a batch per
 * returning bank and SEC code, as the ACH operator delivers them.
 */
export function writeNachaReturnFile(input: NachaReturnInput): string {
  const { originator } = input;
  const originals = originalEntries(input.original.text);
  const odfiRouting = originator.odfiRouting;
  const groups = new Map<
    string,
    { sec: string; description: string; rdfi: string; returns: ReturnedEntry[] }
  >();
  for (const [i, entry] of input.returns.entries()) {
    const original = originals.get(entry.traceNumber);
    if (!original) throw new Error(`returns[${i}].traceNumber is no entry of the original file`);
    if (!/^R\d{2}$/.test(entry.code)) throw new Error(`returns[${i}].code must be R01 to R99`);
    if (!isValidRoutingNumber(entry.routingNumber)) {
      throw new Error(`returns[${i}].routingNumber is not a 9-digit ABA routing number`);
    }
    if (entry.amountCents <= 0n || entry.amountCents > MAX_ENTRY_CENTS) {
      throw new Error(`returns[${i}].amountCents must be 1 cent to 99,999,999.99`);
    }
    const rdfi = entry.routingNumber.slice(0, 8);
    const key = `${original.sec}:${rdfi}`;
    const group = groups.get(key) ?? { ...original, rdfi, returns: [] };
    group.returns.push({ ...entry, receiverId: original.receiverId });
    groups.set(key, group);
  }
  if (groups.size === 0) throw new Error('returns: a return file needs at least one return');

  const header = fileHeader(
    {
      destination: ` ${odfiRouting}`,
      origin: ` ${originator.immediateDestination}`,
      destinationName: originator.immediateOriginName,
      originName: originator.immediateDestinationName,
    },
    input.createdAt,
    'A',
  );
  const batches = [...groups.values()].map((group): BatchToWrite => ({
    sec: group.sec,
    description: group.description,
    effectiveEntryDate: yymmdd(input.createdAt),
    settlementDay: julianDay(input.createdAt),
    // The returning bank originates the return: its id begins the return's trace number.
    dfi: group.rdfi,
    entries: group.returns.map((entry) => ({
      receivingRouting: odfiRouting,
      amountCents: entry.amountCents,
      records: (traceNumber) => [
        entryRecord({
          transactionCode: returnTransactionCodes[entry.accountType],
          routing: odfiRouting,
          account: entry.accountNumber.toUpperCase(),
          amountCents: entry.amountCents,
          receiverId: entry.receiverId,
          name: achName(entry.receiverName, 22),
          traceNumber,
        }),
        [
          '7',
          '99',
          entry.code,
          entry.traceNumber,
          alpha('', 6),
          entry.routingNumber.slice(0, 8),
          alpha('', 44),
          traceNumber,
        ].join(''),
      ],
    })),
  }));
  return assembledFile(header, originator, batches).text;
}

interface OriginalEntry {
  sec: string;
  description: string;
  receiverId: string;
}

/** The entries of a file this module wrote, by trace number, with what their return repeats. */
function originalEntries(text: string): Map<string, OriginalEntry> {
  const entries = new Map<string, OriginalEntry>();
  let batchHeader = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('5')) batchHeader = line;
    else if (line.startsWith('6')) {
      entries.set(line.slice(79, 94), {
        sec: batchHeader.slice(50, 53),
        description: batchHeader.slice(53, 63),
        receiverId: line.slice(39, 54),
      });
    }
  }
  return entries;
}

/** The settlement date field: the day of the year, 001 to 366. */
function julianDay(date: Date): string {
  const start = Date.UTC(date.getUTCFullYear(), 0, 1);
  const day = Math.floor((date.getTime() - start) / 86_400_000) + 1;
  return numeric(BigInt(day), 3);
}

/**
 * A bank's NACHA return file (entries with addenda type 99): one BankReturn per returned entry,
 * reference {kind:'trace', traceNumber: original entry trace number}, code R01..R99, amount in
 * dollars. Throws BankFileUnreadable for anything else.
 */
export function readNachaReturns(text: string): BankReturn[] {
  // A byte order mark, as some Windows tools write before text, is no part of the first record.
  const records = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (records.length > 0 && records.at(-1)!.trim() === '') records.pop();
  if (records.length === 0 || !/^1\d\d/.test(records[0]!)) {
    throw new BankFileUnreadable('unknown-format', null, 'The file is not a NACHA ACH file.');
  }
  for (const [i, record] of records.entries()) {
    if (record.length !== RECORD_LENGTH) {
      throw new BankFileUnreadable(
        'malformed-record',
        `line ${i + 1}`,
        `Line ${i + 1} is ${record.length} characters long; NACHA records are ${RECORD_LENGTH}.`,
      );
    }
  }
  const file = readStructure(records);
  checkControls(file);
  const returns = file.batches.flatMap((batch) =>
    batch.entries.flatMap((entry) =>
      entry.addenda
        .filter((addenda) => addenda.record.slice(1, 3) === '99')
        .map((addenda) => returnOf(batch, entry, addenda)),
    ),
  );
  if (returns.length === 0) {
    throw new BankFileUnreadable('not-a-return-file', null, 'The file returns no entry.');
  }
  return returns;
}

interface ReadRecord {
  record: string;
  line: number;
}
interface ReadEntry extends ReadRecord {
  addenda: ReadRecord[];
}
interface ReadBatch extends ReadRecord {
  entries: ReadEntry[];
  control: ReadRecord;
}
interface ReadFile {
  header: ReadRecord;
  batches: ReadBatch[];
  control: ReadRecord;
  /** Records before the padding: what the block count counts. */
  recordCount: number;
}

function malformed(line: number, message: string): BankFileUnreadable {
  return new BankFileUnreadable('malformed-record', `line ${line}`, message);
}

/** The records in the order NACHA requires: 1, (5, (6, 7*)*, 8)*, 9, then 9-padding only. */
function readStructure(records: string[]): ReadFile {
  const header = { record: records[0]!, line: 1 };
  if (header.record.slice(34, 40) !== '094101') {
    throw malformed(1, 'The file header does not declare 94-character records in blocks of 10.');
  }
  const batches: ReadBatch[] = [];
  let batch: Omit<ReadBatch, 'control'> | null = null;
  for (let i = 1; i < records.length; i++) {
    const record = records[i]!;
    const line = i + 1;
    switch (record[0]) {
      case '5':
        if (batch) throw malformed(line, `Line ${line} opens a batch before the last one closed.`);
        batch = { record, line, entries: [] };
        break;
      case '6':
        if (!batch) throw malformed(line, `Line ${line} is an entry outside any batch.`);
        batch.entries.push({ record, line, addenda: [] });
        break;
      case '7': {
        const entry = batch?.entries.at(-1);
        if (!entry) throw malformed(line, `Line ${line} is an addenda without its entry.`);
        entry.addenda.push({ record, line });
        break;
      }
      case '8':
        if (!batch) throw malformed(line, `Line ${line} closes a batch that was never opened.`);
        batches.push({ ...batch, control: { record, line } });
        batch = null;
        break;
      case '9': {
        if (batch) throw malformed(line, `Line ${line} ends the file inside a batch.`);
        const padding = records.slice(i + 1);
        const stray = padding.findIndex((rest) => rest !== PADDING_RECORD);
        if (stray >= 0) {
          throw malformed(line + 1 + stray, `Line ${line + 1 + stray} follows the file control.`);
        }
        return { header, batches, control: { record, line }, recordCount: i + 1 };
      }
      default:
        throw malformed(line, `Line ${line} is no NACHA record type.`);
    }
  }
  throw malformed(records.length, 'The file ends without its file control record.');
}

function digitsAt(read: ReadRecord, from: number, to: number): bigint {
  const field = read.record.slice(from, to);
  if (!/^\d+$/.test(field)) {
    throw malformed(read.line, `Line ${read.line} has a number field that is not digits.`);
  }
  return BigInt(field);
}

/** NACHA transaction codes: second digit 1-4 credit, 5-9 debit. */
function isCredit(transactionCode: string): boolean {
  return ['1', '2', '3', '4'].includes(transactionCode[1] ?? '');
}

function checkControls(file: ReadFile): void {
  const fileTotals = { records: 0n, hash: 0n, debits: 0n, credits: 0n };
  for (const batch of file.batches) {
    const totals = { records: 0n, hash: 0n, debits: 0n, credits: 0n };
    for (const entry of batch.entries) {
      totals.records += 1n + BigInt(entry.addenda.length);
      totals.hash += digitsAt(entry, 3, 11);
      const amount = digitsAt(entry, 29, 39);
      if (isCredit(entry.record.slice(1, 3))) totals.credits += amount;
      else totals.debits += amount;
    }
    const control = batch.control;
    differsUnless(control, digitsAt(control, 4, 10) === totals.records, 'entry and addenda count');
    differsUnless(control, digitsAt(control, 10, 20) === totals.hash % 10n ** 10n, 'entry hash');
    differsUnless(control, digitsAt(control, 20, 32) === totals.debits, 'total debit amount');
    differsUnless(control, digitsAt(control, 32, 44) === totals.credits, 'total credit amount');
    fileTotals.records += totals.records;
    fileTotals.hash += totals.hash;
    fileTotals.debits += totals.debits;
    fileTotals.credits += totals.credits;
  }
  const control = file.control;
  const blocks = BigInt(Math.ceil(file.recordCount / BLOCKING_FACTOR));
  differsUnless(control, digitsAt(control, 1, 7) === BigInt(file.batches.length), 'batch count');
  differsUnless(control, digitsAt(control, 7, 13) === blocks, 'block count');
  differsUnless(
    control,
    digitsAt(control, 13, 21) === fileTotals.records,
    'entry and addenda count',
  );
  differsUnless(control, digitsAt(control, 21, 31) === fileTotals.hash % 10n ** 10n, 'entry hash');
  differsUnless(control, digitsAt(control, 31, 43) === fileTotals.debits, 'total debit amount');
  differsUnless(control, digitsAt(control, 43, 55) === fileTotals.credits, 'total credit amount');
}

function differsUnless(control: ReadRecord, holds: boolean, total: string): void {
  if (!holds) {
    throw new BankFileUnreadable(
      'control-totals-differ',
      `line ${control.line}`,
      `The ${total} on line ${control.line} differs from the entries it controls.`,
    );
  }
}

/** Addenda type 99: reason code (4-6), original trace (7-21), original RDFI (28-35), information (36-79). */
function returnOf(batch: ReadBatch, entry: ReadEntry, addenda: ReadRecord): BankReturn {
  const code = addenda.record.slice(3, 6);
  const traceNumber = addenda.record.slice(6, 21);
  if (!/^R\d{2}$/.test(code) || !/^\d{15}$/.test(traceNumber)) {
    throw malformed(addenda.line, `Line ${addenda.line} is a return without its code or trace.`);
  }
  const information = addenda.record.slice(35, 79).trim();
  return {
    reference: { kind: 'trace', traceNumber },
    code,
    detail: information === '' ? null : information,
    amount: dollars(digitsAt(entry, 29, 39)),
    currency: 'USD',
    returnedOn: returnDate(batch.record),
  };
}

/**
 * The settlement date (a day of the year the ACH operator writes) in the year of the effective
 * entry date, or the effective entry date itself; null when the batch gives neither.
 */
function returnDate(batchHeader: string): string | null {
  const effective = dateOfYymmdd(batchHeader.slice(69, 75));
  const settlement = batchHeader.slice(75, 78);
  if (!effective || !/^\d{3}$/.test(settlement)) return effective;
  const day = Number(settlement);
  const effectiveTime = Date.parse(`${effective}T00:00:00Z`);
  const year = Number(effective.slice(0, 4));
  // Settlement falls days from the effective date: day 002 after an effective 31 December is January.
  const nearest = [year - 1, year, year + 1]
    .map((y) => ({ y, time: Date.UTC(y, 0, day) }))
    .filter(({ y, time }) => day >= 1 && new Date(time).getUTCFullYear() === y)
    .map(({ time }) => time)
    .sort((a, b) => Math.abs(a - effectiveTime) - Math.abs(b - effectiveTime))[0];
  return nearest === undefined ? effective : new Date(nearest).toISOString().slice(0, 10);
}
