// The output as JSON text with keys in ENGINE.md's order, so both backends compare byte for byte.
import { compareText } from './numbers';
import type { EngineOutput } from './types';

type Field<T> = readonly (keyof T & string)[];

function ordered<T extends object>(value: T, keys: Field<T>): string {
  const fields = keys.map((key) => `${JSON.stringify(key)}:${JSON.stringify(value[key])}`);
  return `{${fields.join(',')}}`;
}

function sortedMap<T extends object>(map: Record<string, T>, keys: Field<T>): string {
  const entries = Object.entries(map).sort(([a], [b]) => compareText(a, b));
  return `{${entries.map(([id, value]) => `${JSON.stringify(id)}:${ordered(value, keys)}`).join(',')}}`;
}

function list<T extends object>(items: readonly T[], keys: Field<T>): string {
  return `[${items.map((item) => ordered(item, keys)).join(',')}]`;
}

/** Serialises an output without whitespace; state maps are written in code-point order of id. */
export function stringifyOutput(output: EngineOutput): string {
  const totals = ordered(output.totals, [
    'gross',
    'take',
    'net',
    'offTheTop',
    'allocated',
    'unallocated',
  ]);
  const payees = list(output.payees, ['payeeId', 'earned', 'recouped', 'credited', 'payout']);
  const lines = list(output.lines, [
    'code',
    'productId',
    'splitSetId',
    'payeeId',
    'units',
    'amount',
  ]);
  const recoupments = `[${output.recoupments
    .map((item) => {
      const head = ordered(item, ['id', 'before', 'taken', 'after', 'closed', 'deferred']);
      const remittances = list(item.remittances, ['debtorId', 'amount']);
      return `${head.slice(0, -1)},"remittances":${remittances}}`;
    })
    .join(',')}]`;
  const triggers = list(output.triggers, [
    'splitSetId',
    'counterBefore',
    'counterAfter',
    'activatedAtRecordId',
  ]);
  const state = `{"counters":${sortedMap(output.state.counters, ['value'])},"recoupments":${sortedMap(
    output.state.recoupments,
    ['remaining', 'deferred'],
  )}}`;
  return (
    `{"totals":${totals},"payees":${payees},"lines":${lines},"recoupments":${recoupments},` +
    `"triggers":${triggers},"missingCodes":${JSON.stringify(output.missingCodes)},"state":${state}}`
  );
}
