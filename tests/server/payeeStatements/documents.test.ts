// A payee statement's files on their own: CSV cells a spreadsheet would run are kept as text, and
// the PDF prints Latin, Cyrillic, Chinese and Japanese names in the payee's language.
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import type { PayeeStatement } from '../../../api/payeeStatements';
import { payeeStatementCsv, payeeStatementFileName } from '../../../server/payeeStatements/csv';
import { payeeStatementPdf } from '../../../server/payeeStatements/pdf';

const statement = (overrides: Partial<PayeeStatement> = {}): PayeeStatement => ({
  statementId: 'st-1',
  period: '2026-09',
  distributor: 'DistroKid',
  account: 'Demo Records',
  currency: 'USD',
  approvedAt: Date.UTC(2026, 9, 2) / 1000,
  earned: '1234.56789',
  recouped: '100',
  credited: '0',
  payout: '1134.56789',
  payee: { id: 'p-1', fullname: 'Paco Payee' },
  lines: [
    {
      productId: 'pr-1',
      product: 'Glass Harbor',
      code: 'QZDM12600002',
      units: 1200,
      amount: '1234.56789',
      revenue: null,
      revenueView: null,
    },
  ],
  recoupments: [{ recoupmentId: 'r-1', title: 'Tour advance', amount: '100' }],
  broughtForward: '0',
  paid: '1134.56',
  carried: '0.00789',
  ...overrides,
});

const textOf = async (bytes: Buffer) => {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
};

describe('payee statement CSV', () => {
  it('keeps formula-leading cells as text and amounts as exact decimals', () => {
    const csv = payeeStatementCsv(
      statement({
        payee: { id: 'p-1', fullname: '=HYPERLINK("http://evil")' },
        lines: [
          {
            productId: null,
            product: '+SUM(A1)',
            code: '@X',
            units: 3,
            amount: '-0.000000000001',
            revenue: null,
            revenueView: null,
          },
        ],
      }),
    );
    const rows = csv.split('\r\n');
    expect(rows[1]).toBe(
      `st-1,2026-09,DistroKid,Demo Records,"'=HYPERLINK(""http://evil"")",USD,line,'+SUM(A1),'@X,3,-0.000000000001`,
    );
    expect(rows).toContain(
      `st-1,2026-09,DistroKid,Demo Records,"'=HYPERLINK(""http://evil"")",USD,total,carried,,,0.00789`,
    );
  });

  it('names the file by period, distributor and payee in ASCII', () => {
    expect(
      payeeStatementFileName(
        statement({ payee: { id: 'abcdef123', fullname: 'Zoë Ünal' } }),
        'csv',
      ),
    ).toBe('statement-2026-09-distrokid-zoe-unal.csv');
    expect(
      payeeStatementFileName(
        statement({ payee: { id: 'abcdef123', fullname: '山田太郎' } }),
        'pdf',
      ),
    ).toBe('statement-2026-09-distrokid-abcdef12.pdf');
  });
});

describe('payee statement PDF', () => {
  it('prints money in the payee’s locale and the carried balance exactly', async () => {
    const text = (await textOf(await payeeStatementPdf(statement(), 'de-never'))).replace(
      /\s+/g,
      ' ',
    );
    // An unknown language falls back to English.
    expect(text).toContain('Payee statement');
    expect(text).toContain('$1,134.57');
    expect(text).toContain('$0.00789');
    const french = (await textOf(await payeeStatementPdf(statement(), 'fr'))).replace(/\s+/g, ' ');
    expect(french).toContain('Relevé du bénéficiaire');
    expect(french).toMatch(/1\s134,57\s\$US/);
  });

  it('prints Cyrillic, Chinese and Japanese names and titles', async () => {
    const japanese = await textOf(
      await payeeStatementPdf(
        statement({
          payee: { id: 'p-2', fullname: '山田 太郎' },
          lines: [
            {
              productId: 'pr-2',
              product: 'Песня о море',
              code: 'RU1',
              units: 1,
              amount: '5',
              revenue: null,
              revenueView: null,
            },
          ],
          recoupments: [{ recoupmentId: 'r-2', title: '王小明的预付款', amount: '1' }],
          currency: 'JPY',
          payout: '4',
          paid: '4',
          carried: '0',
        }),
        'ja',
      ),
    );
    expect(japanese).toContain('受取人明細書');
    expect(japanese).toContain('山田 太郎');
    expect(japanese).toContain('Песня о море');
    expect(japanese).toContain('王小明的预付款');
    expect(japanese).toMatch(/[￥¥]4/);
    const chinese = await textOf(await payeeStatementPdf(statement(), 'zh'));
    expect(chinese).toContain('收款人结算单');
    expect(chinese).toContain('Paco Payee');
  });
});
