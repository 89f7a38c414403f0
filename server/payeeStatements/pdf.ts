import PDFDocument from 'pdfkit';
import type { PayeeStatement } from '../../api/payeeStatements';
import { translator } from '../i18n';
import { statementFont } from './fonts';
import { formatExact, formatMoney, formatPeriod, formatUnits, languageOf } from './format';

const MARGIN = 50;
const PAGE_WIDTH = 595.28; // A4
const COLUMNS = { product: MARGIN, code: 270, units: 370, amount: 440 } as const;
const RIGHT = PAGE_WIDTH - MARGIN;

/** MM-DD-YYYY (SPEC section 1), in UTC as the server has no reader's clock. */
const dateText = (epochSeconds: number) => {
  const iso = new Date(epochSeconds * 1000).toISOString();
  return `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;
};

/**
 * One payee statement as a PDF, in the payee's language and their locale's numbers: the lines by
 * product and code, the recoupments taken, the totals and the balance carried to the next one.
 */
export async function payeeStatementPdf(
  statement: PayeeStatement,
  readerLanguage: string,
  warn?: (message: string) => void,
): Promise<Buffer> {
  const language = languageOf(readerLanguage);
  const t = translator(language);
  const money = (amount: string) => formatMoney(amount, statement.currency, language);
  const texts = [
    statement.payee.fullname,
    statement.account,
    statement.distributor,
    ...statement.lines.map((line) => line.product),
    ...statement.recoupments.map((recoupment) => recoupment.title),
  ];
  const font = statementFont(language, texts, warn);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${t('payee-statements.pdf.title')} ${statement.period}`,
      Author: statement.account,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (font.file) {
    doc.registerFont('body', font.file, font.face);
    doc.font('body');
  }

  doc.fontSize(18).text(t('payee-statements.pdf.title'));
  doc.moveDown(0.5).fontSize(10);
  const facts: [string, string][] = [
    [t('payee-statements.fields.payee'), statement.payee.fullname],
    [t('payee-statements.fields.label'), statement.account],
    [t('payee-statements.fields.distributor'), statement.distributor],
    [t('payee-statements.fields.period'), formatPeriod(statement.period, language)],
    [t('payee-statements.fields.approved'), dateText(statement.approvedAt)],
    [t('payee-statements.fields.currency'), statement.currency],
  ];
  for (const [label, value] of facts) doc.text(`${label}: ${value}`);

  const row = (cells: { product: string; code: string; units: string; amount: string }) => {
    const y = doc.y;
    doc.text(cells.product, COLUMNS.product, y, { width: COLUMNS.code - COLUMNS.product - 8 });
    const bottom = doc.y;
    doc.text(cells.code, COLUMNS.code, y, { width: COLUMNS.units - COLUMNS.code - 8 });
    doc.text(cells.units, COLUMNS.units, y, {
      width: COLUMNS.amount - COLUMNS.units - 8,
      align: 'right',
    });
    doc.text(cells.amount, COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount, align: 'right' });
    doc.x = MARGIN;
    doc.y = Math.max(bottom, doc.y);
  };
  const heading = (text: string) => {
    doc.moveDown(1).fontSize(13).text(text, MARGIN).fontSize(10).moveDown(0.3);
  };

  heading(t('payee-statements.lines.title'));
  row({
    product: t('payee-statements.lines.product'),
    code: t('payee-statements.lines.code'),
    units: t('payee-statements.lines.units'),
    amount: t('payee-statements.lines.amount'),
  });
  if (statement.lines.length === 0) doc.text(t('payee-statements.lines.none'), MARGIN);
  for (const line of statement.lines) {
    row({
      product: line.product || t('payee-statements.lines.unknown-product'),
      code: line.code,
      units: formatUnits(line.units, language),
      amount: money(line.amount),
    });
  }

  heading(t('payee-statements.recoupments.title'));
  if (statement.recoupments.length === 0) doc.text(t('payee-statements.recoupments.none'), MARGIN);
  for (const recoupment of statement.recoupments) {
    row({ product: recoupment.title, code: '', units: '', amount: money(recoupment.amount) });
  }

  heading(t('payee-statements.totals.title'));
  const totals: [string, string][] = [
    [t('payee-statements.totals.earned'), money(statement.earned)],
    [t('payee-statements.totals.recouped'), money(statement.recouped)],
    [t('payee-statements.totals.credited'), money(statement.credited)],
    [t('payee-statements.totals.payout'), money(statement.payout)],
    [t('payee-statements.totals.brought-forward'), money(statement.broughtForward)],
    [t('payee-statements.totals.paid'), money(statement.paid)],
    [
      t('payee-statements.totals.carried'),
      formatExact(statement.carried, statement.currency, language),
    ],
  ];
  for (const [label, value] of totals) row({ product: label, code: '', units: '', amount: value });
  doc.moveDown(1).fontSize(8).text(t('payee-statements.pdf.carried-note'), MARGIN);
  doc.end();
  return done;
}
