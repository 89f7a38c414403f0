// Typed readers of one JSON field each: they return the value or throw `path: message`.
import { EngineInputError } from '../errors';
import { parseMoney, parsePercent, parseStateMoney } from '../numbers';
import type { DateText, MoneyText, PercentText } from '../types';

export type JsonObject = Record<string, unknown>;

export function fail(path: string, detail: string): never {
  throw EngineInputError.at(path, detail);
}

export function child(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readObject(value: unknown, path: string): JsonObject {
  if (!isObject(value)) fail(path === '' ? '$' : path, 'not an object');
  return value;
}

export function readArray(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, 'not an array');
  return value;
}

/** Reads `object[key]`, failing with `required` when it is absent. */
export function required<T>(
  object: JsonObject,
  key: string,
  path: string,
  read: (value: unknown, path: string) => T,
): T {
  const value = object[key];
  if (value === undefined) fail(child(path, key), 'required');
  return read(value, child(path, key));
}

/** Reads `object[key]`, or gives `fallback` when it is absent. */
export function optional<T>(
  object: JsonObject,
  key: string,
  path: string,
  read: (value: unknown, path: string) => T,
  fallback: T,
): T {
  const value = object[key];
  return value === undefined ? fallback : read(value, child(path, key));
}

export function nullable<T>(read: (value: unknown, path: string) => T) {
  return (value: unknown, path: string): T | null => (value === null ? null : read(value, path));
}

export function readString(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(path, 'not a string');
  return value;
}

export function readBoolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, 'not a boolean');
  return value;
}

export function readMoney(value: unknown, path: string): MoneyText {
  if (parseMoney(value) === null) fail(path, 'not a decimal amount');
  return value as MoneyText;
}

/** A money value of `state`, which may have up to 26 integer digits. */
export function readStateMoney(value: unknown, path: string): MoneyText {
  if (parseStateMoney(value) === null) fail(path, 'not a decimal amount');
  return value as MoneyText;
}

export function readPercent(value: unknown, path: string): PercentText {
  if (parsePercent(value) === null) fail(path, 'not a percentage');
  return value as PercentText;
}

export function readInteger(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) fail(path, 'not an integer');
  return value;
}

const datePattern = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

export function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (month === 2) return leap ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function readDate(value: unknown, path: string): DateText {
  const match = typeof value === 'string' ? datePattern.exec(value) : null;
  const [, year, month, day] = match ?? [];
  const valid =
    month !== undefined &&
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    Number(day) >= 1 &&
    Number(day) <= daysInMonth(Number(year), Number(month));
  if (!valid) fail(path, 'not a date (YYYY-MM-DD)');
  return value as DateText;
}

export function readEnum<T extends string>(options: readonly T[]) {
  return (value: unknown, path: string): T => {
    if (typeof value !== 'string' || !(options as readonly string[]).includes(value)) {
      fail(path, `unknown value ${JSON.stringify(value)}`);
    }
    return value as T;
  };
}

export function readStringList(value: unknown, path: string): string[] {
  return readArray(value, path).map((item, index) => readString(item, child(path, index)));
}
