/**
 * What a bank says it did not pay of a SEPA file: a status report (pain.002) rejecting
 * transactions, a payment block or the whole message, or a debit/credit notification (camt.054)
 * whose entries bring returned transfers back. Pure: XML text in, returns out.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { BankFileUnreadable, type BankReturn } from './types';

/** An element as fast-xml-parser gives it: text, or children and attributes by name. */
type XmlNode = string | { [name: string]: XmlNode | XmlNode[] | undefined };

const STATUS_REPORT = /^urn:iso:std:iso:20022:tech:xsd:pain\.002\.001\.(0[3-9]|1[0-2])$/;
const NOTIFICATION = /^urn:iso:std:iso:20022:tech:xsd:camt\.054\.001\.(0[2-9]|10)$/;
const PAYMENT_FILE = /^urn:iso:std:iso:20022:tech:xsd:pain\.001\.001\.\d\d$/;

/** ISO's word for an id the bank could not give. */
const NOT_PROVIDED = 'NOTPROVIDED';
/** ISO's reason code for a reason given in words only (or not at all). */
const NARRATIVE = 'NARR';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
});

const listOf = (value: XmlNode | XmlNode[] | undefined): XmlNode[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The child elements named `name` (for an object node), whatever their namespace prefix. */
function children(node: XmlNode | undefined, name: string): XmlNode[] {
  if (node === undefined || typeof node === 'string') return [];
  return Object.entries(node)
    .filter(([key]) => !key.startsWith('@') && (key === name || key.endsWith(`:${name}`)))
    .flatMap(([, value]) => listOf(value));
}

/** The first element down a path of names, or undefined. */
function at(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current = node;
  for (const name of path) current = children(current, name)[0];
  return current;
}

/** The text of an element (with or without attributes), trimmed; null when absent or empty. */
function textOf(node: XmlNode | undefined): string | null {
  if (node === undefined) return null;
  const value = typeof node === 'string' ? node : node['#text'];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function attributeOf(node: XmlNode | undefined, name: string): string | null {
  if (node === undefined || typeof node === 'string') return null;
  const value = node[`@${name}`];
  return typeof value === 'string' ? value : null;
}

/** The root element's name without prefix, its node and its namespace. */
function rootOf(document: Record<string, XmlNode>): {
  name: string;
  node: XmlNode;
  namespace: string | null;
} | null {
  const roots = Object.entries(document).filter(([key]) => !key.startsWith('?'));
  const [key, node] = roots[0] ?? [];
  if (roots.length !== 1 || key === undefined || node === undefined || Array.isArray(node))
    return null;
  const [prefix, localName] = key.includes(':') ? key.split(':', 2) : [null, key];
  const namespace = attributeOf(node, prefix ? `xmlns:${prefix}` : 'xmlns');
  return { name: localName ?? key, node, namespace };
}

/** The reason code and words of the first status reason of an element. */
function reasonOf(node: XmlNode | undefined): { code: string | null; detail: string | null } {
  const reasons = children(node, 'StsRsnInf');
  const first = reasons[0];
  const code = textOf(at(first, 'Rsn', 'Cd')) ?? textOf(at(first, 'Rsn', 'Prtry'));
  const words = reasons
    .flatMap((reason) => children(reason, 'AddtlInf'))
    .map(textOf)
    .filter((line): line is string => line !== null);
  return { code, detail: words.length > 0 ? words.join(' ') : null };
}

/** The date part of an ISO date or date-time. */
const dateOf = (value: string | null): string | null =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

function statusReportReturns(report: XmlNode): BankReturn[] {
  const returnedOn = dateOf(textOf(at(report, 'GrpHdr', 'CreDtTm')));
  const group = at(report, 'OrgnlGrpInfAndSts');
  const messageId = textOf(at(group, 'OrgnlMsgId'));
  if (group === undefined || messageId === null)
    throw new BankFileUnreadable(
      'malformed-record',
      'CstmrPmtStsRpt/OrgnlGrpInfAndSts/OrgnlMsgId',
      'The status report names no original message.',
    );
  const blocks = children(report, 'OrgnlPmtInfAndSts');
  if (textOf(at(group, 'GrpSts')) === 'RJCT') {
    // The whole message is refused: every payment in it, whatever the blocks below repeat.
    const { code, detail } = reasonOf(group);
    const firstTransactionReason = reasonOf(at(blocks[0], 'TxInfAndSts'));
    return [
      {
        reference: { kind: 'message', messageId, paymentInformationId: null },
        code: code ?? firstTransactionReason.code ?? NARRATIVE,
        detail: detail ?? firstTransactionReason.detail,
        amount: textOf(at(group, 'OrgnlCtrlSum')),
        currency: null,
        returnedOn,
      },
    ];
  }
  return blocks.flatMap((block): BankReturn[] => {
    const transactions = children(block, 'TxInfAndSts');
    if (textOf(at(block, 'PmtInfSts')) === 'RJCT') {
      const { code, detail } = reasonOf(block);
      const firstTransactionReason = reasonOf(transactions[0]);
      return [
        {
          reference: {
            kind: 'message',
            messageId,
            paymentInformationId: textOf(at(block, 'OrgnlPmtInfId')),
          },
          code: code ?? firstTransactionReason.code ?? NARRATIVE,
          detail: detail ?? firstTransactionReason.detail,
          amount: textOf(at(block, 'OrgnlCtrlSum')),
          currency: null,
          returnedOn,
        },
      ];
    }
    return transactions
      .filter((transaction) => textOf(at(transaction, 'TxSts')) === 'RJCT')
      .map((transaction) => {
        const { code, detail } = reasonOf(transaction);
        const amount = at(transaction, 'OrgnlTxRef', 'Amt', 'InstdAmt');
        return {
          reference: {
            kind: 'endToEnd',
            endToEndId: textOf(at(transaction, 'OrgnlEndToEndId')) ?? NOT_PROVIDED,
          },
          code: code ?? NARRATIVE,
          detail,
          amount: textOf(amount),
          currency: attributeOf(amount, 'Ccy'),
          returnedOn,
        };
      });
  });
}

/** The amount of a returned transaction: its own, or its entry's when the entry holds only it. */
function returnedAmount(entry: XmlNode, transaction: XmlNode, only: boolean): XmlNode | undefined {
  return (
    at(transaction, 'AmtDtls', 'InstdAmt', 'Amt') ??
    at(transaction, 'AmtDtls', 'TxAmt', 'Amt') ??
    at(transaction, 'Amt') ??
    (only ? at(entry, 'Amt') : undefined)
  );
}

function notificationReturns(notification: XmlNode): BankReturn[] {
  return children(notification, 'Ntfctn').flatMap((account) =>
    children(account, 'Ntry').flatMap((entry) => {
      const returnedOn =
        dateOf(textOf(at(entry, 'BookgDt', 'Dt')) ?? textOf(at(entry, 'BookgDt', 'DtTm'))) ??
        dateOf(textOf(at(entry, 'ValDt', 'Dt')) ?? textOf(at(entry, 'ValDt', 'DtTm')));
      const transactions = children(entry, 'NtryDtls').flatMap((details) =>
        children(details, 'TxDtls'),
      );
      return transactions
        .filter((transaction) => at(transaction, 'RtrInf') !== undefined)
        .map((transaction): BankReturn => {
          const returnInformation = at(transaction, 'RtrInf');
          const amount = returnedAmount(entry, transaction, transactions.length === 1);
          const words = children(returnInformation, 'AddtlInf')
            .map(textOf)
            .filter((line): line is string => line !== null);
          return {
            reference: {
              kind: 'endToEnd',
              endToEndId: textOf(at(transaction, 'Refs', 'EndToEndId')) ?? NOT_PROVIDED,
            },
            code:
              textOf(at(returnInformation, 'Rsn', 'Cd')) ??
              textOf(at(returnInformation, 'Rsn', 'Prtry')) ??
              NARRATIVE,
            detail: words.length > 0 ? words.join(' ') : null,
            amount: textOf(amount),
            currency: attributeOf(amount, 'Ccy'),
            returnedOn,
          };
        });
    }),
  );
}

/**
 * The payments a bank's SEPA report returns: a pain.002 status report (versions 03 to 12) or a
 * camt.054 notification (versions 02 to 10). Transactions accepted, pending or settled are not
 * returns: a report without rejections gives []. Throws BankFileUnreadable for anything else.
 */
export function readSepaReturns(xml: string): BankReturn[] {
  const content = xml.replace(/^\uFEFF/, '').trim();
  if (!content.startsWith('<'))
    throw new BankFileUnreadable('unknown-format', null, 'The file is not XML.');
  if (/<!DOCTYPE/i.test(content))
    throw new BankFileUnreadable('unknown-format', null, 'ISO 20022 messages have no DOCTYPE.');
  const validity = XMLValidator.validate(content);
  if (validity !== true)
    throw new BankFileUnreadable(
      'malformed-record',
      `line ${validity.err.line}`,
      `The XML is broken: ${validity.err.msg}`,
    );
  const root = rootOf(parser.parse(content) as Record<string, XmlNode>);
  if (root === null || root.name !== 'Document' || root.namespace === null)
    throw new BankFileUnreadable('unknown-format', null, 'The file is no ISO 20022 message.');
  if (STATUS_REPORT.test(root.namespace)) {
    const report = at(root.node, 'CstmrPmtStsRpt');
    if (report === undefined)
      throw new BankFileUnreadable('malformed-record', 'Document', 'No CstmrPmtStsRpt.');
    return statusReportReturns(report);
  }
  if (NOTIFICATION.test(root.namespace)) {
    const notification = at(root.node, 'BkToCstmrDbtCdtNtfctn');
    if (notification === undefined)
      throw new BankFileUnreadable('malformed-record', 'Document', 'No BkToCstmrDbtCdtNtfctn.');
    return notificationReturns(notification);
  }
  if (PAYMENT_FILE.test(root.namespace))
    throw new BankFileUnreadable(
      'not-a-return-file',
      null,
      'This is a payment file sent to the bank, not the bank’s report on it.',
    );
  throw new BankFileUnreadable(
    'unknown-format',
    null,
    `ISO 20022 message ${root.namespace} is neither a pain.002 status report nor a camt.054 notification.`,
  );
}
