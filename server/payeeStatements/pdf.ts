import PDFDocument from 'pdfkit';
import type { PayeeStatement } from '../../api/payeeStatements';
import { translator } from '../i18n';
import { statementFont } from './fonts';
import { formatExact, formatMoney, formatPeriod, formatUnits, languageOf } from './format';
import { printedFigures } from './printedFigures';

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
  const exact = (amount: string) => formatExact(amount, statement.currency, language);
  const negated = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : `-${amount}`);
  const figures = printedFigures(statement);
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
  // A figure that sums the rows above it: a rule over its amount, as on an accountant's sheet.
  const totalRow = (label: string, amount: string) => {
    doc
      .moveTo(COLUMNS.amount + 20, doc.y)
      .lineTo(RIGHT, doc.y)
      .lineWidth(0.5)
      .stroke();
    doc.y += 2;
    row({ product: label, code: '', units: '', amount });
  };
  const amountRow = (label: string, amount: string) =>
    row({ product: label, code: '', units: '', amount });
  const roundingRow = (amount: string | null) => {
    if (amount !== null) amountRow(t('payee-statements.totals.rounding'), exact(amount));
  };

  heading(t('payee-statements.lines.title'));
  row({
    product: t('payee-statements.lines.product'),
    code: t('payee-statements.lines.code'),
    units: t('payee-statements.lines.units'),
    amount: t('payee-statements.lines.amount'),
  });
  if (statement.lines.length === 0) doc.text(t('payee-statements.lines.none'), MARGIN);
  statement.lines.forEach((line, index) => {
    row({
      product: line.product || t('payee-statements.lines.unknown-product'),
      code: line.code,
      units: formatUnits(line.units, language),
      amount: money(figures.lines[index] ?? line.amount),
    });
  });
  roundingRow(figures.linesRounding);
  totalRow(t('payee-statements.totals.earned'), money(figures.earned));

  heading(t('payee-statements.recoupments.title'));
  if (statement.recoupments.length === 0) doc.text(t('payee-statements.recoupments.none'), MARGIN);
  statement.recoupments.forEach((recoupment, index) => {
    amountRow(recoupment.title, money(figures.recoupments[index] ?? recoupment.amount));
  });
  if (statement.recoupments.length > 0) {
    roundingRow(figures.recoupmentsRounding);
    totalRow(t('payee-statements.totals.recouped'), money(figures.recouped));
  }

  // What is taken away shows in parentheses: each group sums to the figure under its rule.
  heading(t('payee-statements.totals.title'));
  amountRow(t('payee-statements.totals.earned'), money(figures.earned));
  amountRow(t('payee-statements.totals.recouped'), money(negated(figures.recouped)));
  amountRow(t('payee-statements.totals.credited'), money(figures.credited));
  roundingRow(figures.payoutRounding);
  totalRow(t('payee-statements.totals.payout'), money(figures.payout));
  amountRow(t('payee-statements.totals.brought-forward'), exact(figures.broughtForward));
  if (statement.reserve) {
    amountRow(t('reserves.statement.withheld'), exact(negated(figures.withheld)));
    amountRow(t('reserves.statement.charged'), exact(figures.charged));
  }
  amountRow(t('payee-statements.totals.paid'), exact(negated(figures.paid)));
  roundingRow(figures.balanceRounding);
  totalRow(t('payee-statements.totals.carried'), exact(figures.carried));
  doc.moveDown(1).fontSize(8).text(t('payee-statements.pdf.carried-note'), MARGIN);
  // When what is held back comes back into the balance.
  for (const release of statement.reserve?.releases ?? []) {
    const date = dateText(Date.parse(`${release.dueOn}T00:00:00Z`) / 1000);
    doc.text(
      `${t('reserves.statement.releases')}: ${t('reserves.statement.release', { amount: exact(release.amount), date })}`,
      MARGIN,
    );
  }
  const rounded = [
    figures.linesRounding,
    figures.recoupmentsRounding,
    figures.payoutRounding,
    figures.balanceRounding,
  ].some((amount) => amount !== null);
  if (rounded) doc.moveDown(0.5).text(t('payee-statements.pdf.rounding-note'), MARGIN);
  doc.end();
  return done;
}
