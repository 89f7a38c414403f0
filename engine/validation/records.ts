// Statement, records and catalog.
import type { Catalog, EngineRecord, Statement } from '../types';
import {
  child,
  fail,
  nullable,
  optional,
  readArray,
  readDate,
  readEnum,
  readInteger,
  readMoney,
  readObject,
  readPercent,
  readString,
  required,
} from './fields';

const periodPattern = /^[0-9]{4}-(0[1-9]|1[0-2])$/;

function readPeriod(value: unknown, path: string): string {
  if (typeof value !== 'string' || !periodPattern.test(value)) fail(path, 'not a period (YYYY-MM)');
  return value;
}

export function readStatement(value: unknown, path: string): Statement {
  const statement = readObject(value, path);
  return {
    id: required(statement, 'id', path, readString),
    period: required(statement, 'period', path, readPeriod),
    distributorTakePct: required(statement, 'distributorTakePct', path, readPercent),
  };
}

function readRecord(value: unknown, path: string): EngineRecord {
  const record = readObject(value, path);
  const parsed: EngineRecord = {
    id: required(record, 'id', path, readString),
    code: required(record, 'code', path, readString),
    kind: optional(record, 'kind', path, readEnum(['sale', 'mechanical', 'adjustment']), 'sale'),
    date: optional(record, 'date', path, nullable(readDate), null),
    units: required(record, 'units', path, readInteger),
    revenue: required(record, 'revenue', path, readMoney),
  };
  for (const key of ['service', 'format', 'territory'] as const) {
    const text = optional(record, key, path, nullable(readString), null);
    if (text !== null) parsed[key] = text;
  }
  return parsed;
}

export function readRecords(value: unknown, path: string): EngineRecord[] {
  return readArray(value, path).map((item, index) => readRecord(item, child(path, index)));
}

export function readCatalog(value: unknown, path: string): Catalog {
  const entries = Object.entries(readObject(value, path)).map(([code, entry]) => {
    const entryPath = child(path, code);
    const productId = required(readObject(entry, entryPath), 'productId', entryPath, readString);
    return [code, { productId }] as const;
  });
  // fromEntries defines own properties, so a code such as "__proto__" stays a plain key.
  return Object.fromEntries(entries);
}
