// What a bank sends back about a SEPA file, read as returns of the portal's payments: a status
// report (pain.002, any version from 03 to 12) rejecting transactions, a payment block or the
// whole file, and a debit/credit notification (camt.054) bringing returned credits back. The
// fixtures the published schemas cover are checked against them first, so the reader is tested
// on files a bank could send, not on what it happens to accept.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  endToEndIdOf,
  readSepaReturns,
  writeSepaCreditTransfer,
  writeSepaStatusReport,
} from '../../../../server/payments/bankfile/sepa';
import {
  BankFileUnreadable,
  type BankFileProblem,
} from '../../../../server/payments/bankfile/types';
import { schemaErrors } from './schemaCheck';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

const CLOSED_ACCOUNT_PAYMENT = '6f1c2a4e-8b3d-4e5f-9a7b-0c1d2e3f4a5b';
const DECEASED_PAYMENT = 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d';

function problemOf(read: () => unknown): BankFileProblem | 'read' {
  try {
    read();
    return 'read';
  } catch (error) {
    if (error instanceof BankFileUnreadable) return error.problem;
    throw error;
  }
}

describe('a SEPA status report', () => {
  const written = writeSepaStatusReport({
    originalMessageId: 'NLR-2026-11-29-1',
    createdAt: new Date('2026-11-30T08:00:00Z'),
    rejected: [
      { endToEndId: endToEndIdOf(CLOSED_ACCOUNT_PAYMENT), code: 'AC04', amountCents: 25_000n },
      { endToEndId: endToEndIdOf(DECEASED_PAYMENT), code: 'MD07', amountCents: 123_456n },
    ],
  });

  it('is what ISO’s schema allows, as is every report fixture in its version', async () => {
    const reports = [
      written,
      fixture('pain.002.001.11-group-rejected.xml'),
      fixture('pain.002.001.11-block-rejected.xml'),
      fixture('pain.002.001.11-accepted.xml'),
    ];
    const notifications = [fixture('camt.054.001.08-returns.xml')];
    expect(await schemaErrors('pain.002.001.11.xsd', reports)).toEqual(reports.map(() => []));
    expect(await schemaErrors('camt.054.001.08.xsd', notifications)).toEqual([[]]);
  });

  it('returns each rejected transaction by its end-to-end id, with its reason and amount', () => {
    expect(readSepaReturns(written)).toEqual([
      {
        reference: { kind: 'endToEnd', endToEndId: endToEndIdOf(CLOSED_ACCOUNT_PAYMENT) },
        code: 'AC04',
        detail: null,
        amount: '250.00',
        currency: 'EUR',
        returnedOn: '2026-11-30',
      },
      {
        reference: { kind: 'endToEnd', endToEndId: endToEndIdOf(DECEASED_PAYMENT) },
        code: 'MD07',
        detail: null,
        amount: '1234.56',
        currency: 'EUR',
        returnedOn: '2026-11-30',
      },
    ]);
  });

  it('reads an older version with prefixed names, and accepted, settled or pending ones are no returns', () => {
    expect(readSepaReturns(fixture('pain.002.001.03-transactions.xml'))).toEqual([
      {
        reference: { kind: 'endToEnd', endToEndId: endToEndIdOf(CLOSED_ACCOUNT_PAYMENT) },
        code: 'AC01',
        detail: "IBAN unknown at the payee's bank",
        amount: '250.00',
        currency: 'EUR',
        returnedOn: '2026-11-30',
      },
    ]);
  });

  it('returns the whole message when the bank refuses the file', () => {
    expect(readSepaReturns(fixture('pain.002.001.11-group-rejected.xml'))).toEqual([
      {
        reference: { kind: 'message', messageId: 'NLR-2026-11-29-1', paymentInformationId: null },
        code: 'FF01',
        detail: 'File rejected: control sum does not match',
        amount: '1484.56',
        currency: null,
        returnedOn: '2026-11-29',
      },
    ]);
  });

  it('returns a refused payment block whole, and a refused transaction of another block alone', () => {
    expect(readSepaReturns(fixture('pain.002.001.11-block-rejected.xml'))).toEqual([
      {
        reference: {
          kind: 'message',
          messageId: 'NLR-2026-11-29-2',
          paymentInformationId: 'BLOCK-A',
        },
        code: 'AM05',
        detail: null,
        amount: '300.00',
        currency: null,
        returnedOn: '2026-11-29',
      },
      {
        reference: { kind: 'endToEnd', endToEndId: endToEndIdOf(DECEASED_PAYMENT) },
        code: 'AC04',
        detail: null,
        amount: '75.10',
        currency: 'EUR',
        returnedOn: '2026-11-29',
      },
    ]);
  });

  it('returns nothing when the bank accepted everything', () => {
    expect(readSepaReturns(fixture('pain.002.001.11-accepted.xml'))).toEqual([]);
    expect(
      readSepaReturns(
        writeSepaStatusReport({ originalMessageId: 'M-1', createdAt: new Date(), rejected: [] }),
      ),
    ).toEqual([]);
  });
});

describe('a SEPA debit/credit notification (camt.054)', () => {
  it('returns each credit the payee’s bank sent back, and not the label’s other credits', () => {
    expect(readSepaReturns(fixture('camt.054.001.08-returns.xml'))).toEqual([
      {
        reference: { kind: 'endToEnd', endToEndId: endToEndIdOf(CLOSED_ACCOUNT_PAYMENT) },
        code: 'AC04',
        detail: null,
        amount: '250.00',
        currency: 'EUR',
        returnedOn: '2026-12-02',
      },
      {
        reference: { kind: 'endToEnd', endToEndId: 'A0B1C2D3E4F54A6B8C7D9E0F1A2B3C4D' },
        code: 'MD07',
        detail: 'Beneficiary deceased',
        amount: '1234.56',
        currency: 'EUR',
        returnedOn: '2026-12-03',
      },
    ]);
  });

  it('reads the 2009 version (camt.054.001.02), amounts in its amount details', () => {
    const notification = `<?xml version="1.0"?>
      <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn>
        <GrpHdr><MsgId>N-1</MsgId><CreDtTm>2026-12-04T07:00:00</CreDtTm></GrpHdr>
        <Ntfctn><Id>N-1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
          <Ntry><Amt Ccy="EUR">40.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
            <BookgDt><Dt>2026-12-04</Dt></BookgDt>
            <NtryDtls><TxDtls>
              <Refs><EndToEndId>${endToEndIdOf(CLOSED_ACCOUNT_PAYMENT)}</EndToEndId></Refs>
              <AmtDtls><TxAmt><Amt Ccy="EUR">40.00</Amt></TxAmt></AmtDtls>
              <RtrInf><Rsn><Prtry>BANK-XY</Prtry></Rsn></RtrInf>
            </TxDtls></NtryDtls>
          </Ntry>
        </Ntfctn>
      </BkToCstmrDbtCdtNtfctn></Document>`;
    expect(readSepaReturns(notification)).toEqual([
      {
        reference: { kind: 'endToEnd', endToEndId: endToEndIdOf(CLOSED_ACCOUNT_PAYMENT) },
        code: 'BANK-XY',
        detail: null,
        amount: '40.00',
        currency: 'EUR',
        returnedOn: '2026-12-04',
      },
    ]);
  });
});

describe('a file that is no SEPA report', () => {
  const paymentFile = writeSepaCreditTransfer({
    debtor: { name: 'Northern Lights Records', iban: 'DE89370400440532013000', bic: null },
    messageId: 'NLR-1',
    createdAt: new Date('2026-11-29T10:00:00Z'),
    requestedExecutionDate: '2026-11-30',
    credits: [
      {
        paymentId: CLOSED_ACCOUNT_PAYMENT,
        amountCents: 100n,
        creditorName: 'Ana',
        iban: 'NL91ABNA0417164300',
        bic: null,
        remittance: '',
      },
    ],
  }).xml;

  it.each<[string, string, BankFileProblem]>([
    ['the portal’s own payment file', paymentFile, 'not-a-return-file'],
    [
      'a distributor statement (CSV)',
      'Date,ISRC,Amount\n2026-10,USRC17607839,12.30\n',
      'unknown-format',
    ],
    ['an empty file', '', 'unknown-format'],
    ['XML of another kind', '<html><body>Bank login</body></html>', 'unknown-format'],
    [
      'an account statement (camt.053)',
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt/></Document>',
      'unknown-format',
    ],
    [
      'a status report of a version before 03',
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.02"><pain.002.001.02/></Document>',
      'unknown-format',
    ],
    [
      'XML with an entity declaration',
      '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><d>&a;&a;</d>',
      'unknown-format',
    ],
    [
      'broken XML',
      fixture('pain.002.001.11-block-rejected.xml').replace('</TxSts>', ''),
      'malformed-record',
    ],
    [
      'a truncated report',
      fixture('camt.054.001.08-returns.xml').slice(0, 900),
      'malformed-record',
    ],
    [
      'a status report naming no original message',
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt><GrpHdr><MsgId>S</MsgId></GrpHdr></CstmrPmtStsRpt></Document>',
      'malformed-record',
    ],
  ])('refuses %s as unreadable', (_, content, problem) => {
    expect(problemOf(() => readSepaReturns(content))).toBe(problem);
  });
});
