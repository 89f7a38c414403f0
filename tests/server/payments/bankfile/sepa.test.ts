// SEPA Credit Transfer files as a bank reads them: every file valid against the EPC's published
// pain.001.001.09 schema (libxml2, not the writer, decides), the totals a bank checks exact to
// the cent, each credit's end-to-end id leading back to its payment, and what a bank would refuse
// refused before it is written, naming the field.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import { composeIBAN, isValidIBAN } from 'ibantools';
import { describe, expect, it } from 'vitest';
import {
  endToEndIdOf,
  paymentIdOfEndToEndId,
  writeSepaCreditTransfer,
  type SepaCredit,
  type SepaFileInput,
} from '../../../../server/payments/bankfile/sepa';
import { schemaErrors } from './schemaCheck';

const SEED = 20261128;
const RUNS = 50;
const SEPA_TEXT = /^[a-zA-Z0-9/\-?:().,'+ ]*$/;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => name === 'CdtTrfTxInf',
});

interface ReadTransaction {
  PmtId: { EndToEndId: string };
  Amt: { InstdAmt: { '#text': string; '@Ccy': string } };
  CdtrAgt?: { FinInstnId: { BICFI: string } };
  Cdtr: { Nm: string };
  CdtrAcct: { Id: { IBAN: string } };
  RmtInf?: { Ustrd: string };
}
interface ReadFile {
  GrpHdr: { MsgId: string; NbOfTxs: string; CtrlSum: string; InitgPty: { Nm: string } };
  PmtInf: {
    PmtInfId: string;
    PmtMtd: string;
    BtchBookg: string;
    NbOfTxs: string;
    CtrlSum: string;
    PmtTpInf: { SvcLvl: { Cd: string } };
    ReqdExctnDt: { Dt: string };
    Dbtr: { Nm: string };
    DbtrAcct: { Id: { IBAN: string } };
    DbtrAgt: { FinInstnId: { BICFI?: string; Othr?: { Id: string } } };
    ChrgBr: string;
    CdtTrfTxInf: ReadTransaction[];
  };
}

/** The file as an independent XML parser reads it. */
const read = (xml: string): ReadFile =>
  (parser.parse(xml) as { Document: { CstmrCdtTrfInitn: ReadFile } }).Document.CstmrCdtTrfInitn;

const euros = (cents: bigint) => new Decimal(cents.toString()).div(100).toFixed(2);

const debtor = { name: 'Northern Lights Records GmbH', iban: 'DE89370400440532013000', bic: null };
const credit = (overrides: Partial<SepaCredit> = {}): SepaCredit => ({
  paymentId: '6f1c2a4e-8b3d-4e5f-9a7b-0c1d2e3f4a5b',
  amountCents: 12_345n,
  creditorName: 'Ana Souza',
  iban: 'NL91ABNA0417164300',
  bic: null,
  remittance: 'Royalties 2026-Q3',
  ...overrides,
});
const file = (overrides: Partial<SepaFileInput> = {}): SepaFileInput => ({
  debtor,
  messageId: 'NLR-2026-11-29-1',
  createdAt: new Date('2026-11-29T10:15:00.123Z'),
  requestedExecutionDate: '2026-11-30',
  credits: [credit()],
  ...overrides,
});

/** Characters of a BBAN, as the IBAN registry writes its formats. */
const digits = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
const letters = (length: number) =>
  fc.string({
    unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
    minLength: length,
    maxLength: length,
  });
const alphanumerics = (length: number) =>
  fc.string({
    unit: fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
    minLength: length,
    maxLength: length,
  });
const join = (...parts: fc.Arbitrary<string>[]) =>
  fc.tuple(...parts).map((texts) => texts.join(''));

/** IBANs of SEPA countries whose national check digits ibantools does not compute. */
const BBANS: Record<string, fc.Arbitrary<string>> = {
  DE: digits(18),
  AT: digits(16),
  NL: join(letters(4), digits(10)),
  IE: join(letters(4), digits(14)),
  LU: join(digits(3), alphanumerics(13)),
  FI: digits(14),
  GR: join(digits(7), alphanumerics(16)),
  IT: join(letters(1), digits(10), alphanumerics(12)),
};
const ibanArbitrary = fc
  .oneof(
    ...Object.entries(BBANS).map(([countryCode, bban]) =>
      bban.map((digitsAndLetters) => composeIBAN({ countryCode, bban: digitsAndLetters }) ?? ''),
    ),
  )
  .filter((iban) => isValidIBAN(iban));

/** Names in any script and with XML's own characters, each with a Latin letter a bank can carry. */
const nameArbitrary = fc
  .tuple(
    fc.constantFrom('A', 'z', 'É', 'ø', 'ß'),
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 90 }),
      fc.constantFrom('<&">', " O'Brien & Søn", ']]> </Nm>', ' 山田 太郎', ' Zoë «Ŀ» — “x”'),
    ),
  )
  .map(([letter, rest]) => letter + rest);

const creditArbitrary = fc.record({
  paymentId: fc.uuid(),
  amountCents: fc.bigInt({ min: 1n, max: 99_999_999_999n }),
  creditorName: nameArbitrary,
  iban: ibanArbitrary,
  bic: fc.constantFrom(null, 'COBADEFFXXX', 'BNPAFRPP', 'INGBNL2A'),
  remittance: fc.string({ unit: 'grapheme', maxLength: 200 }),
});

describe('a SEPA credit transfer file', () => {
  it('states each credit, its payee and the label’s account as a bank reads them', async () => {
    const written = writeSepaCreditTransfer(
      file({
        credits: [
          credit({ amountCents: 1n }),
          credit({
            paymentId: 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d',
            amountCents: 99_999_999_999n,
            creditorName: 'Jürgen Weiß & Søn <GbR>',
            iban: 'de44 5001 0517 5407 3249 31',
            bic: 'cobadeffxxx',
            remittance: 'Tantiemen “Sommer” 2026',
          }),
        ],
      }),
    );
    const document = read(written.xml);
    expect(document.GrpHdr).toMatchObject({
      MsgId: 'NLR-2026-11-29-1',
      NbOfTxs: '2',
      CtrlSum: '1000000000.00',
      InitgPty: { Nm: 'Northern Lights Records GmbH' },
    });
    expect(document.PmtInf).toMatchObject({
      PmtInfId: written.paymentInformationId,
      PmtMtd: 'TRF',
      BtchBookg: 'true',
      NbOfTxs: '2',
      CtrlSum: '1000000000.00',
      PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
      ReqdExctnDt: { Dt: '2026-11-30' },
      DbtrAcct: { Id: { IBAN: 'DE89370400440532013000' } },
      DbtrAgt: { FinInstnId: { Othr: { Id: 'NOTPROVIDED' } } },
      ChrgBr: 'SLEV',
    });
    expect(written.controlSum).toBe('1000000000.00');
    const [small, large] = document.PmtInf.CdtTrfTxInf;
    expect(small).toEqual({
      PmtId: { EndToEndId: '6f1c2a4e8b3d4e5f9a7b0c1d2e3f4a5b' },
      Amt: { InstdAmt: { '#text': '0.01', '@Ccy': 'EUR' } },
      Cdtr: { Nm: 'Ana Souza' },
      CdtrAcct: { Id: { IBAN: 'NL91ABNA0417164300' } },
      RmtInf: { Ustrd: 'Royalties 2026-Q3' },
    });
    expect(large).toEqual({
      PmtId: { EndToEndId: 'a0b1c2d3e4f54a6b8c7d9e0f1a2b3c4d' },
      Amt: { InstdAmt: { '#text': '999999999.99', '@Ccy': 'EUR' } },
      CdtrAgt: { FinInstnId: { BICFI: 'COBADEFFXXX' } },
      Cdtr: { Nm: 'Jurgen Weiss + Son (GbR)' },
      CdtrAcct: { Id: { IBAN: 'DE44500105175407324931' } },
      RmtInf: { Ustrd: "Tantiemen 'Sommer' 2026" },
    });
    expect(await schemaErrors('pain.001.001.09.xsd', [written.xml])).toEqual([[]]);
  });

  it('names the label’s bank by its BIC when the label gives one', () => {
    const written = writeSepaCreditTransfer(file({ debtor: { ...debtor, bic: 'DEUTDEFF' } }));
    expect(read(written.xml).PmtInf.DbtrAgt).toEqual({ FinInstnId: { BICFI: 'DEUTDEFF' } });
  });

  it('cuts names to 70 characters and remittance to 140, as the scheme allows', () => {
    const written = writeSepaCreditTransfer(
      file({
        credits: [
          credit({ creditorName: 'Ω'.repeat(3) + 'N'.repeat(80), remittance: 'R'.repeat(150) }),
        ],
      }),
    );
    const [transaction] = read(written.xml).PmtInf.CdtTrfTxInf;
    expect(transaction?.Cdtr.Nm).toBe('N'.repeat(70));
    expect(transaction?.RmtInf?.Ustrd).toBe('R'.repeat(140));
  });

  it('leaves remittance out when none of it can be carried', () => {
    const written = writeSepaCreditTransfer(file({ credits: [credit({ remittance: '版税' })] }));
    expect(read(written.xml).PmtInf.CdtTrfTxInf[0]?.RmtInf).toBeUndefined();
  });

  it.each([
    ['an IBAN whose check digits are wrong', { iban: 'NL92ABNA0417164300' }, 'credits[1].iban'],
    [
      'an IBAN outside the SEPA scheme',
      { iban: 'BR1800360305000010009795493C1' },
      'credits[1].iban',
    ],
    ['a BIC that is none', { bic: 'NOTABIC' }, 'credits[1].bic'],
    ['a zero amount', { amountCents: 0n }, 'credits[1].amountCents'],
    ['a negative amount', { amountCents: -100n }, 'credits[1].amountCents'],
    [
      'an amount above the scheme’s limit',
      { amountCents: 100_000_000_000n },
      'credits[1].amountCents',
    ],
    ['a name without a Latin character', { creditorName: '山田 太郎' }, 'credits[1].creditorName'],
    ['a payment id that is no UUID', { paymentId: 'payment-1' }, 'paymentId'],
    [
      'the same payment twice',
      { paymentId: '6f1c2a4e-8b3d-4e5f-9a7b-0c1d2e3f4a5b' },
      'credits[1].paymentId repeats credits[0].paymentId',
    ],
  ] as const)('refuses %s, naming the field', (_, overrides, field) => {
    const other = { paymentId: 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d', ...overrides };
    const input = file({ credits: [credit(), credit(other)] });
    expect(() => writeSepaCreditTransfer(input)).toThrow(field);
  });

  it.each<[string, Partial<SepaFileInput>, string]>([
    ['no credits', { credits: [] }, 'credits'],
    [
      'the label’s IBAN invalid',
      { debtor: { ...debtor, iban: 'DE00370400440532013000' } },
      'debtor.iban',
    ],
    ['a message id with spaces', { messageId: 'batch 1' }, 'messageId'],
    ['a message id over 35 characters', { messageId: 'M'.repeat(36) }, 'messageId'],
    [
      'an execution date that does not exist',
      { requestedExecutionDate: '2026-02-30' },
      'requestedExecutionDate',
    ],
  ])('refuses a file with %s, naming the field', (_, overrides, field) => {
    expect(() => writeSepaCreditTransfer(file(overrides))).toThrow(field);
  });

  it('is schema-valid, totals to the cent and leads back to each payment, for any credits', async () => {
    const written: string[] = [];
    fc.assert(
      fc.property(
        fc.uniqueArray(creditArbitrary, {
          minLength: 1,
          maxLength: 30,
          selector: (c) => c.paymentId,
        }),
        (credits) => {
          const { xml, controlSum } = writeSepaCreditTransfer(file({ credits }));
          written.push(xml);
          const document = read(xml);
          const expectedSum = euros(credits.reduce((sum, c) => sum + c.amountCents, 0n));
          expect(document.GrpHdr.CtrlSum).toBe(expectedSum);
          expect(document.PmtInf.CtrlSum).toBe(expectedSum);
          expect(controlSum).toBe(expectedSum);
          expect(document.GrpHdr.NbOfTxs).toBe(String(credits.length));
          expect(document.PmtInf.NbOfTxs).toBe(String(credits.length));
          const transactions = document.PmtInf.CdtTrfTxInf;
          expect(transactions).toHaveLength(credits.length);
          transactions.forEach((transaction, index) => {
            const paid = credits[index];
            expect(paymentIdOfEndToEndId(transaction.PmtId.EndToEndId)).toBe(
              paid?.paymentId.toLowerCase(),
            );
            expect(transaction.Amt.InstdAmt).toEqual({
              '#text': euros(paid?.amountCents ?? 0n),
              '@Ccy': 'EUR',
            });
            expect(transaction.CdtrAcct.Id.IBAN).toBe(paid?.iban);
            expect(transaction.Cdtr.Nm.length).toBeLessThanOrEqual(70);
            expect(transaction.Cdtr.Nm).toMatch(SEPA_TEXT);
            expect(transaction.RmtInf?.Ustrd ?? '').toMatch(SEPA_TEXT);
          });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    // One libxml2 call for all files: each call loads the validator and the schema anew.
    const errors = await schemaErrors('pain.001.001.09.xsd', written);
    expect(
      errors.flatMap((found, index) => found.map((error) => `file ${index}: ${error}`)),
    ).toEqual([]);
    expect(written.length).toBeGreaterThanOrEqual(RUNS);
  });
});

describe('a payment’s end-to-end id', () => {
  it('is its UUID without hyphens, and leads back to it whatever case the bank writes', () => {
    fc.assert(
      fc.property(fc.uuid(), (paymentId) => {
        const endToEndId = endToEndIdOf(paymentId);
        expect(endToEndId).toMatch(/^[0-9a-f]{32}$/);
        expect(paymentIdOfEndToEndId(endToEndId)).toBe(paymentId.toLowerCase());
        expect(paymentIdOfEndToEndId(endToEndId.toUpperCase())).toBe(paymentId.toLowerCase());
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('names no payment when the portal did not write it', () => {
    for (const foreign of [
      'NOTPROVIDED',
      'INV-2026-0042',
      '',
      '6f1c2a4e8b3d4e5f9a7b0c1d2e3f4a5',
      'g'.repeat(32),
    ])
      expect(paymentIdOfEndToEndId(foreign)).toBeNull();
  });
});
