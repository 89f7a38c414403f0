// The one table of what distributors call each column: a sample's header is mapped by it, and a
// column it does not know is left for the label, never guessed.
import { describe, expect, it } from 'vitest';
import { columnWords, currencyInName, meaningOf } from '../../../server/import/columnSynonyms';
import { mapColumns } from '../../../server/import/proposeLayout';

const mapped = (header: string[]) =>
  Object.fromEntries(
    mapColumns(header).map((column) => [
      column.column,
      column.field === null ? null : column.kind ? `${column.field}:${column.kind}` : column.field,
    ]),
  );

describe('column synonyms', () => {
  it('finds the currency a name ends with and writes the name for any currency', () => {
    expect(currencyInName('Revenue EUR')).toEqual({
      code: 'EUR',
      layoutName: 'Revenue {currency}',
    });
    expect(currencyInName('Net Revenue in EUR')).toEqual({
      code: 'EUR',
      layoutName: 'Net Revenue in {currency}',
    });
    expect(currencyInName('Earnings (usd)')).toEqual({
      code: 'USD',
      layoutName: 'Earnings ({currency})',
    });
    // Capitals that are no currency, a code inside a word, a lone code: no currency in the name.
    expect(currencyInName('Track ISRC')).toBeNull();
    expect(currencyInName('Net Revenue')).toBeNull();
    expect(currencyInName('EUR')).toBeNull();
  });

  it('compares names as words, without brackets, punctuation or case', () => {
    expect(columnWords('Net Revenue (EUR)')).toEqual(['net', 'revenue']);
    expect(columnWords('# Units Sold')).toEqual(['units', 'sold']);
    expect(columnWords('Royalty [$US]')).toEqual(['royalty']);
    expect(columnWords('Country / Region')).toEqual(['country', 'region']);
  });

  it.each([
    ['ISRC', 'code:isrc'],
    ['Asset ISRC', 'code:isrc'],
    ['UPC', 'code:upc'],
    ['EAN', 'code:upc'],
    ['Barcode', 'code:upc'],
    ['Catalog Number', 'code:custom'],
    ['Cat. No.', 'code:custom'],
    ['Product Code', 'code:custom'],
    ['Track Title', 'title'],
    ['Track', 'title'],
    ['Release', 'title'],
    ['Artist Name', 'artist'],
    ['Territory', 'territory'],
    ['Country', 'territory'],
    ['Sale Country', 'territory'],
    ['Country of Sale', 'territory'],
    ['Units', 'units'],
    ['Quantity', 'units'],
    ['Count', 'units'],
    ['Revenue', 'revenue'],
    ['Royalty', 'revenue'],
    ['Earnings (USD)', 'revenue'],
    ['Net', 'revenue'],
    ['Amount', 'revenue'],
    ['Payable', 'revenue'],
    ['Currency', 'currency'],
    ['Date', 'date'],
    ['Period', 'date'],
    ['Sale Month', 'date'],
    ['Reporting Period', 'date'],
    ['Service', 'service'],
    ['Store', 'service'],
    ['Platform', 'service'],
    ['Retailer', 'service'],
    ['Format', 'format'],
    ['Type', 'format'],
    ['Product Type', 'format'],
    ['Revenue EUR', 'revenue'],
    ['Earnings USD', 'revenue'],
    ['Net Revenue in EUR', 'revenue'],
    ['ROYALTY_GBP', 'revenue'],
    ['Your Share', 'revenue'],
    ['Label Share', 'revenue'],
    ['Gross Revenue', 'revenue'],
    ['Day', 'date'],
    ['Owned Views', 'units'],
    ['Views', 'units'],
  ])('reads %s as %s', (name, meaning) => {
    const fit = meaningOf(name)?.meaning;
    expect(fit && ('kind' in fit ? `${fit.field}:${fit.kind}` : fit.field)).toBe(meaning);
  });

  it.each([
    'Unit Price',
    'Client share rate',
    'Mechanical Fee',
    'Label',
    'Notes',
    'Track ID',
    'TRACK_COUNT',
    'Number of Tracks',
    'Royalty ID',
    'Revenue Share %',
  ])('leaves %s unmapped', (name) => {
    expect(meaningOf(name)).toBeNull();
  });

  it('maps a whole header: each code kind, units and revenue once, texts best first', () => {
    expect(
      mapped([
        'Reporting month',
        'Sales Month',
        'Platform',
        'Country / Region',
        'Label Name',
        'Artist Name',
        'Release title',
        'Track title',
        'UPC',
        'ISRC',
        'Release Catalog nb',
        'Quantity',
        'Client Payment Currency',
        'Unit Price',
        'Gross Revenue',
        'Net Revenue',
      ]),
    ).toEqual({
      'Reporting month': 'date',
      'Sales Month': 'date',
      Platform: 'service',
      'Country / Region': 'territory',
      'Label Name': null,
      'Artist Name': 'artist',
      'Release title': 'title',
      'Track title': 'title',
      UPC: 'code:upc',
      ISRC: 'code:isrc',
      'Release Catalog nb': 'code:custom',
      Quantity: 'units',
      'Client Payment Currency': 'currency',
      'Unit Price': null,
      // Revenue is one column: the exact name fits better than the one that only contains it.
      'Gross Revenue': null,
      'Net Revenue': 'revenue',
    });
    expect(mapped(['Track Artists', 'Track Title', 'Count', 'Streams'])).toEqual({
      'Track Artists': 'artist',
      'Track Title': 'title',
      Count: 'units',
      Streams: null,
    });
  });
});
