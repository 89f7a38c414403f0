// A NACHA file the label uploads to its bank reads back, field by field, through a NACHA parser
// no one here wrote (@midlandsbank/node-nacha, and @ach/ach from which it was made), and its
// control totals match what that parser's own arithmetic computes from the entries. A bank's
// return file gives back every returned payment's trace, code and amount; anything else is
// refused with the problem a label can act on.
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  achName,
  checkNachaOriginator,
  readNachaReturns,
  writeNachaFile,
  writeNachaReturnFile,
  type NachaCredit,
  type NachaFileInput,
  type NachaOriginator,
} from '../../../../server/payments/bankfile/nacha';
import {
  BankFileUnreadable,
  type BankFileProblem,
} from '../../../../server/payments/bankfile/types';

/** What the independent parsers make of a NACHA file (their field names). */
interface ParsedEntry {
  transactionCode: string;
  receivingDFIIdentification: number;
  checkDigit: number;
  dfiAccount: string;
  amount: number;
  identificationNumber: string;
  receivingCompanyName: string;
  addendaIndicator: string;
  traceNumber: number;
  addenda?: { type: string; info: string; num: number; entryNum: number };
}
interface ParsedControl {
  serviceClassCode?: number;
  batchCount?: number;
  blockCount?: number;
  entryAndAddendaCount: number;
  entryHash: number;
  totalDebit: number;
  totalCredit: number;
  companyId?: string;
  originatingDFIIdentification?: string;
  num?: number;
}
interface ParsedBatch {
  serviceClassCode: number;
  companyName: string;
  companyId: string;
  entryClassCode: string;
  description: string;
  effectiveDate: string;
  settlementDate: string;
  originatorStatusCode: string;
  originatingDFIIdentification: string;
  num: number;
  entries: ParsedEntry[];
  footer: ParsedControl;
}
interface ParsedAch {
  file: {
    priority: number;
    destination: string;
    origin: string;
    creationDate: string;
    creationTime: string;
    idModifier: string;
    recordSize: string;
    blockingFactor: string;
    formatCode: string;
    destinationName: string;
    originName: string;
    footer: ParsedControl;
  };
  batches: ParsedBatch[];
}

const requireCommonJs = createRequire(import.meta.url);
const nodeNacha = requireCommonJs('@midlandsbank/node-nacha') as {
  from: (text: string) => { data: ParsedAch };
};
/** node-nacha's own computation of the batch and file controls from the entries it parsed. */
const calculateControls = requireCommonJs(
  '@midlandsbank/node-nacha/lib/api/calculate',
) as (options: { ach: ParsedAch }) => {
  footer: ParsedControl & { lineCount: number };
  batchFooters: ParsedControl[];
};
const achAch = (
  requireCommonJs('@ach/ach') as () => {
    from: (options: { format: 'ach'; source: string }) => {
      to: (options: { format: 'json'; target: Writable }) => unknown;
    };
  }
)();

function parsedByNodeNacha(text: string): ParsedAch {
  return nodeNacha.from(text).data;
}

/** @ach/ach parses through streams: the same file, read by the library node-nacha came from. */
function parsedByAchAch(text: string): Promise<ParsedAch> {
  return new Promise((resolve, reject) => {
    const chunks: string[] = [];
    const target = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString());
        done();
      },
    });
    target.on('finish', () => resolve(JSON.parse(chunks.join('')) as ParsedAch));
    target.on('error', reject);
    achAch.from({ format: 'ach', source: text }).to({ format: 'json', target });
  });
}

const digits = (value: number, size: number) => String(value).padStart(size, '0');

const originator: NachaOriginator = {
  immediateDestination: '021000021',
  immediateDestinationName: 'JPMorgan Chase',
  immediateOrigin: '1123456789',
  immediateOriginName: 'Fenetre Records',
  companyName: 'Fenetre Records',
  companyId: '1123456789',
  odfiRouting: '021000021',
};

const credit = (overrides: Partial<NachaCredit>): NachaCredit => ({
  paymentId: '3f0e8a52-1c4d-4b7e-9a61-0d2c5e8f7a10',
  amountCents: 1_000n,
  receiverName: 'Ada Lovelace',
  receiverId: 'PAYEE-0001',
  routingNumber: '011000015',
  accountNumber: '123456789',
  accountType: 'checking',
  business: false,
  ...overrides,
});

const fileInput = (credits: NachaCredit[]): NachaFileInput => ({
  originator,
  createdAt: new Date('2026-11-28T14:05:00Z'),
  fileIdModifier: 'A',
  effectiveEntryDate: '261130',
  entryDescription: 'Royalties',
  credits,
});

/** Routing numbers of real US banks (their check digits hold). */
const ROUTINGS = ['011000015', '021000021', '322271627', '026009593', '121000248', '091000022'];

/** Every check a reader of the file makes, against what the writer was given. */
function expectReadBack(parsed: ParsedAch, input: NachaFileInput) {
  const written = writeNachaFile(input);
  const { file, batches } = parsed;
  expect(file).toMatchObject({
    priority: 1,
    destination: ` ${input.originator.immediateDestination}`,
    origin: input.originator.immediateOrigin,
    creationDate: '261128',
    creationTime: '1405',
    idModifier: input.fileIdModifier,
    recordSize: '094',
    blockingFactor: '10',
    formatCode: '1',
    destinationName: input.originator.immediateDestinationName.toUpperCase(),
    originName: input.originator.immediateOriginName.toUpperCase(),
  });
  const expectedBatches = (['PPD', 'CCD'] as const)
    .map((sec) => input.credits.filter((c) => c.business === (sec === 'CCD')))
    .filter((credits) => credits.length > 0);
  expect(batches.map((batch) => batch.entryClassCode)).toEqual(
    expectedBatches.map((credits) => (credits[0]!.business ? 'CCD' : 'PPD')),
  );
  const traceOf = new Map(written.traces.map((t) => [t.paymentId, t.traceNumber]));
  for (const [b, batch] of batches.entries()) {
    expect(batch).toMatchObject({
      serviceClassCode: 220,
      companyName: input.originator.companyName.toUpperCase(),
      companyId: input.originator.companyId,
      description: input.entryDescription.toUpperCase(),
      effectiveDate: input.effectiveEntryDate,
      settlementDate: '',
      originatorStatusCode: '1',
      originatingDFIIdentification: input.originator.odfiRouting.slice(0, 8),
      num: b + 1,
    });
    const credits = expectedBatches[b]!;
    expect(batch.entries).toHaveLength(credits.length);
    for (const [e, entry] of batch.entries.entries()) {
      const c = credits[e]!;
      const trace = traceOf.get(c.paymentId)!;
      expect({
        transactionCode: entry.transactionCode,
        routing: digits(entry.receivingDFIIdentification, 8) + String(entry.checkDigit),
        account: entry.dfiAccount,
        amount: entry.amount,
        receiverId: entry.identificationNumber,
        name: entry.receivingCompanyName,
        addendaIndicator: entry.addendaIndicator,
        trace: digits(entry.traceNumber, 15),
        addenda: entry.addenda,
      }).toEqual({
        transactionCode: c.accountType === 'checking' ? '22' : '32',
        routing: c.routingNumber,
        account: c.accountNumber.toUpperCase(),
        amount: Number(c.amountCents),
        receiverId: c.receiverId.toUpperCase(),
        name: achName(c.receiverName, 22),
        addendaIndicator: '1',
        trace,
        addenda: {
          recordType: '7',
          type: '05',
          info: c.paymentId,
          num: 1,
          entryNum: Number(trace.slice(8)),
        },
      });
      expect(trace.slice(0, 8)).toBe(input.originator.odfiRouting.slice(0, 8));
    }
  }
  // The parser's own arithmetic over the entries it read gives the controls the file declares.
  const computed = calculateControls({ ach: parsed });
  for (const [b, batch] of batches.entries()) {
    expect(batch.footer).toMatchObject({
      ...computed.batchFooters[b],
      serviceClassCode: 220,
      companyId: input.originator.companyId,
      originatingDFIIdentification: input.originator.odfiRouting.slice(0, 8),
      num: b + 1,
    });
  }
  const { lineCount: _lines, ...fileControl } = computed.footer;
  expect(file.footer).toMatchObject({ ...fileControl, recordType: '9' });
  // And both agree with the sums over what the label asked to pay.
  const entryHash =
    input.credits.reduce((sum, c) => sum + BigInt(c.routingNumber.slice(0, 8)), 0n) % 10n ** 10n;
  const total = input.credits.reduce((sum, c) => sum + c.amountCents, 0n);
  expect(file.footer).toMatchObject({
    batchCount: expectedBatches.length,
    entryAndAddendaCount: input.credits.length * 2,
    entryHash: Number(entryHash),
    totalDebit: 0,
    totalCredit: Number(total),
  });
  expect(written.totalCents).toBe(total);
  expect(written.entryCount).toBe(input.credits.length);
  const lines = written.text.split('\n').slice(0, -1);
  expect(file.footer.blockCount).toBe(lines.length / 10);
}

describe('a NACHA credit file', () => {
  it('reads back field by field through two independent NACHA parsers', async () => {
    const input = fileInput([
      credit({ receiverName: 'Zoë Ångström-Straße', accountNumber: '000123456789' }),
      credit({
        paymentId: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
        receiverName: 'Acme Music LLC',
        receiverId: '',
        routingNumber: '322271627',
        accountNumber: '98765-4321',
        accountType: 'savings',
        business: true,
        amountCents: 9_999_999_999n,
      }),
      credit({
        paymentId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        receiverName: 'François Müller Orchestra and Friends Forever',
        receiverId: 'payee-0003',
        routingNumber: '121000248',
        amountCents: 1n,
      }),
    ]);
    const { text, traces } = writeNachaFile(input);
    const parsed = parsedByNodeNacha(text);
    expectReadBack(parsed, input);
    expect(await parsedByAchAch(text)).toEqual(JSON.parse(JSON.stringify(parsed)));
    // Trace numbers: the ODFI's 8 digits and a sequence rising through the file (people's batch
    // first), one per entry, never twice.
    expect(traces.map((t) => t.traceNumber)).toEqual([
      '021000020000001',
      '021000020000003',
      '021000020000002',
    ]);
    const names = parsed.batches.flatMap((b) => b.entries.map((e) => e.receivingCompanyName));
    expect(names).toEqual(
      ['ZOE ANGSTROM-STRASSE', 'FRANCOIS MULLER ORCHEST', 'ACME MUSIC LLC'].map((name) =>
        name.slice(0, 22).trimEnd(),
      ),
    );
  });

  it('holds for any credits: amounts and total as the parser reads them, 94-character records in blocks of 10', () => {
    const nameCharacters = fc.constantFrom(
      ..."abcdefghijklmnopqrstuvwxyzABCXYZ0123456789 .,-&'éèçñüöäßøåæœłđÉÑÜ山田太郎Ωж’—🎵".split(
        '',
      ),
      '🎵',
    );
    const credits = fc.array(
      fc.record({
        paymentId: fc.uuid(),
        amountCents: fc.bigInt({ min: 1n, max: 9_999_999_999n }),
        // At least one letter a bank can print: a name of only kanji is refused (tested below).
        receiverName: fc
          .tuple(
            fc.constantFrom('a', 'Z', 'é', 'ß', 'Ł'),
            fc.array(nameCharacters, { maxLength: 40 }),
          )
          .map(([first, rest]) => first + rest.join('')),
        receiverId: fc.stringMatching(/^[A-Za-z0-9-]{0,15}$/),
        routingNumber: fc.constantFrom(...ROUTINGS),
        accountNumber: fc.stringMatching(/^[0-9]{4,17}$/),
        accountType: fc.constantFrom('checking' as const, 'savings' as const),
        business: fc.boolean(),
      }),
      { minLength: 1, maxLength: 30 },
    );
    fc.assert(
      fc.property(credits, (generated) => {
        const input = fileInput(generated);
        const { text, totalCents } = writeNachaFile(input);
        const lines = text.split('\n');
        expect(lines.pop()).toBe('');
        expect(lines.every((line) => line.length === 94)).toBe(true);
        expect(lines.length % 10).toBe(0);
        expect(lines.every((line) => /^[\x20-\x7e]+$/.test(line))).toBe(true);
        const parsed = parsedByNodeNacha(text);
        const amounts = parsed.batches.flatMap((b) => b.entries.map((e) => e.amount));
        expect(amounts.sort((x, y) => x - y)).toEqual(
          generated.map((c) => Number(c.amountCents)).sort((x, y) => x - y),
        );
        expect(parsed.file.footer.totalCredit).toBe(Number(totalCents));
        for (const entry of parsed.batches.flatMap((b) => b.entries)) {
          expect(entry.receivingCompanyName).toMatch(/^[A-Z0-9 .,&'/()#-]{1,22}$/);
        }
        expectReadBack(parsed, input);
      }),
      { numRuns: 100, seed: 20261128 },
    );
  });

  it('keeps the rightmost 10 digits of an entry hash that outgrows its field', () => {
    // 120 entries to a bank whose 8-digit id is 99999999: a sum of 11,999,999,880.
    const input = fileInput(
      Array.from({ length: 120 }, (_, i) =>
        credit({
          paymentId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          routingNumber: '999999992',
        }),
      ),
    );
    const parsed = parsedByNodeNacha(writeNachaFile(input).text);
    expect(parsed.file.footer.entryHash).toBe(1_999_999_880);
    expect(parsed.batches[0]!.footer.entryHash).toBe(1_999_999_880);
    expect(calculateControls({ ach: parsed }).footer.entryHash).toBe(1_999_999_880);
    expect(parsed.file.footer.blockCount).toBe(25);
  });

  it('refuses what a bank would refuse, naming the field', () => {
    const refused = (credits: NachaCredit[]) => () => writeNachaFile(fileInput(credits));
    expect(refused([])).toThrow(/credits/);
    expect(refused([credit({ amountCents: 0n })])).toThrow(/credits\[0\]\.amountCents/);
    expect(refused([credit({}), credit({ amountCents: -5n })])).toThrow(
      /credits\[1\]\.amountCents/,
    );
    expect(refused([credit({ amountCents: 10_000_000_000n })])).toThrow(/amountCents/);
    // 011000016: one digit off the Federal Reserve Bank of Boston's routing number.
    expect(refused([credit({ routingNumber: '011000016' })])).toThrow(/routingNumber/);
    expect(refused([credit({ routingNumber: '11000015' })])).toThrow(/routingNumber/);
    expect(refused([credit({ accountNumber: '123456789012345678' })])).toThrow(/accountNumber/);
    expect(refused([credit({ receiverId: 'PAYEE-0001-EXTRA' })])).toThrow(/receiverId/);
    expect(refused([credit({ receiverName: '山田太郎' })])).toThrow(/receiverName/);
    expect(() =>
      writeNachaFile({
        ...fileInput([credit({})]),
        originator: { ...originator, companyId: '12345' },
      }),
    ).toThrow(/companyId/);
    expect(() => writeNachaFile({ ...fileInput([credit({})]), fileIdModifier: 'a' })).toThrow(
      /fileIdModifier/,
    );
    expect(() =>
      writeNachaFile({ ...fileInput([credit({})]), effectiveEntryDate: '261331' }),
    ).toThrow(/effectiveEntryDate/);
  });
});

describe('the originating company’s fields', () => {
  it('pass as a bank checks them when sound', () => {
    expect(checkNachaOriginator(originator)).toEqual([]);
  });

  it('name each field a bank would refuse, and why', () => {
    expect(
      checkNachaOriginator({
        immediateDestination: '021000022',
        immediateDestinationName: '',
        immediateOrigin: '123456789',
        immediateOriginName: 'Fenêtre Records',
        companyName: 'Fenetre Records Worldwide',
        companyId: '112345678*',
        odfiRouting: '0210000',
      }),
    ).toEqual([
      { field: 'immediateDestination', problem: 'check-digit' },
      { field: 'immediateDestinationName', problem: 'required' },
      { field: 'immediateOrigin', problem: 'length' },
      { field: 'immediateOriginName', problem: 'characters' },
      { field: 'companyName', problem: 'length' },
      { field: 'companyId', problem: 'characters' },
      { field: 'odfiRouting', problem: 'digits' },
    ]);
  });
});

/** A return file as the label's bank sends it, written by hand: two returns and a change notice. */
const BANK_RETURN_FILE = [
  '101 02100002111234567892612030610B094101JPMORGAN CHASE         FENETRE RECORDS                ',
  '5220FENETRE RECORDS                     1123456789PPDROYALTIES       2612023371011000010000001',
  '62102100002144417            0000004550PAYEE-0042     JOSE NUNEZ              1011000010000017',
  '799R03021000020000003      01100001NO ACCOUNT ON FILE                          011000010000017',
  '6310210000219900127          0000125000PAYEE-0077     MARIA SCHAFER           1011000010000018',
  '799R02021000020000009      01100001                                            011000010000018',
  '822000000400042000040000000000000000001295501123456789                         011000010000001',
  '5220FENETRE RECORDS                     1123456789CORROYALTIES       2612023371322271620000002',
  '62102100002155501            0000000000PAYEE-0099     ACME MUSIC LLC          1322271620000001',
  '798C01021000020000011      3222716277701                                       322271620000001',
  '822000000200021000020000000000000000000000001123456789                         322271620000002',
  '9000002000002000000060006300006000000000000000000129550                                       ',
];

function unreadable(text: string): { problem: BankFileProblem; at: string | null } {
  try {
    readNachaReturns(text);
  } catch (error) {
    if (error instanceof BankFileUnreadable) return { problem: error.problem, at: error.at };
    throw error;
  }
  throw new Error('the file was read');
}

describe('a NACHA return file', () => {
  it('gives each returned entry’s original trace, code, amount and settlement date', () => {
    // node-nacha knows no COR layout; a change notice's entry is laid out as a PPD entry's.
    const independently = parsedByNodeNacha(
      BANK_RETURN_FILE.join('\n').replace('CORROYALTIES', 'PPDROYALTIES'),
    );
    const { lineCount: _lines, ...fileControl } = calculateControls({ ach: independently }).footer;
    // The fixture's controls are right by the independent parser's arithmetic (returns are credits).
    expect(independently.file.footer).toMatchObject({ ...fileControl, totalCredit: 129_550 });
    const expected = [
      {
        reference: { kind: 'trace', traceNumber: '021000020000003' },
        code: 'R03',
        detail: 'NO ACCOUNT ON FILE',
        amount: '45.50',
        currency: 'USD',
        returnedOn: '2026-12-03',
      },
      {
        reference: { kind: 'trace', traceNumber: '021000020000009' },
        code: 'R02',
        detail: null,
        amount: '1250.00',
        currency: 'USD',
        returnedOn: '2026-12-03',
      },
    ];
    // CRLF or LF, with or without the final padding: the same returns; the change notice is none.
    expect(readNachaReturns(`${BANK_RETURN_FILE.join('\r\n')}\r\n`)).toEqual(expected);
    // Saved by a Windows tool that starts the text with a byte order mark.
    expect(readNachaReturns(`\uFEFF${BANK_RETURN_FILE.join('\r\n')}`)).toEqual(expected);
    const padded = [...BANK_RETURN_FILE, ...Array<string>(8).fill('9'.repeat(94))];
    expect(readNachaReturns(padded.join('\n'))).toEqual(expected);
  });

  it('written for a file this portal wrote, reads back to exactly its traces and codes', async () => {
    const input = fileInput(
      ROUTINGS.map((routingNumber, i) =>
        credit({
          paymentId: `00000000-0000-4000-8000-00000000000${i}`,
          routingNumber,
          amountCents: BigInt(1_234 * (i + 1)),
          business: i % 2 === 1,
          accountType: i % 3 === 0 ? 'savings' : 'checking',
        }),
      ),
    );
    const original = writeNachaFile(input);
    const returned = [0, 3, 4].map((i) => ({
      traceNumber: original.traces[i]!.traceNumber,
      code: ['R01', 'R03', 'R16'][i % 3]!,
      amountCents: input.credits[i]!.amountCents,
      receiverName: input.credits[i]!.receiverName,
      routingNumber: input.credits[i]!.routingNumber,
      accountNumber: input.credits[i]!.accountNumber,
      accountType: input.credits[i]!.accountType,
    }));
    const text = writeNachaReturnFile({
      original,
      originator,
      returns: returned,
      createdAt: new Date('2026-12-02T09:30:00Z'),
    });
    expect(readNachaReturns(text)).toEqual(
      returned.map((r) => ({
        reference: { kind: 'trace', traceNumber: r.traceNumber },
        code: r.code,
        detail: null,
        amount: (Number(r.amountCents) / 100).toFixed(2),
        currency: 'USD',
        returnedOn: '2026-12-02',
      })),
    );
    // The independent parsers read it too: each return entry goes back to the label's bank, and
    // its addenda (type 99) carries the code and the original trace where NACHA puts them.
    const parsed = parsedByNodeNacha(text);
    expect(await parsedByAchAch(text)).toEqual(JSON.parse(JSON.stringify(parsed)));
    const entries = parsed.batches.flatMap((b) => b.entries);
    expect(
      entries.map((e) => ({
        routing: digits(e.receivingDFIIdentification, 8) + String(e.checkDigit),
        code: e.addenda!.info.slice(0, 3),
        originalTrace: e.addenda!.info.slice(3, 18),
        amount: e.amount,
        returnTransaction: e.transactionCode,
      })),
    ).toEqual(
      returned.map((r) => ({
        routing: originator.odfiRouting,
        code: r.code,
        originalTrace: r.traceNumber,
        amount: Number(r.amountCents),
        returnTransaction: r.accountType === 'checking' ? '21' : '31',
      })),
    );
    // node-nacha's batch arithmetic counts only codes x2/x3 and x7/x8, so it leaves returns (21,
    // 31: credits by NACHA's rules) out of the totals; its file control check still holds.
    const { lineCount: _lines, ...fileControl } = calculateControls({ ach: parsed }).footer;
    expect(parsed.file.footer).toMatchObject(fileControl);
    expect(parsed.file.footer.totalCredit).toBe(
      Number(returned.reduce((sum, r) => sum + r.amountCents, 0n)),
    );
  });

  it('refuses a file that is not one, saying what is wrong', () => {
    const good = BANK_RETURN_FILE.join('\n');
    expect(unreadable('')).toEqual({ problem: 'unknown-format', at: null });
    expect(
      unreadable(
        'Sale Date,ISRC,Title,Earnings (USD)\n2026-10-01,USRC17607839,Glass Harbor,12.34\n',
      ),
    ).toEqual({ problem: 'unknown-format', at: null });
    const cut = [...BANK_RETURN_FILE];
    cut[4] = cut[4]!.slice(0, 60);
    expect(unreadable(cut.join('\n'))).toEqual({ problem: 'malformed-record', at: 'line 5' });
    // The first batch's total credit, one cent more than its entries.
    const tampered = [...BANK_RETURN_FILE];
    tampered[6] = tampered[6]!.replace('000000129550', '000000129551');
    expect(unreadable(tampered.join('\n'))).toEqual({
      problem: 'control-totals-differ',
      at: 'line 7',
    });
    const fileTotal = [...BANK_RETURN_FILE];
    fileTotal[11] = fileTotal[11]!.replace('0006300006', '0006300007');
    expect(unreadable(fileTotal.join('\n'))).toEqual({
      problem: 'control-totals-differ',
      at: 'line 12',
    });
    const blocks = [...BANK_RETURN_FILE];
    blocks[11] = blocks[11]!.replace('9000002000002', '9000002000003');
    expect(unreadable(blocks.join('\n'))).toEqual({
      problem: 'control-totals-differ',
      at: 'line 12',
    });
    expect(unreadable(good.split('\n').slice(0, 11).join('\n'))).toEqual({
      problem: 'malformed-record',
      at: 'line 11',
    });
    // The label's own credit file uploaded by mistake: sound NACHA, but nothing returned.
    expect(unreadable(writeNachaFile(fileInput([credit({})])).text)).toEqual({
      problem: 'not-a-return-file',
      at: null,
    });
  });
});
