import { describe, expect, it } from 'vitest';
import { shortMoney } from '../../../src/analytics/chartText';

describe("a chart's short amount", () => {
  it('abbreviates a thousand and more behind the currency symbol, as the analytics page draws it', () => {
    expect(shortMoney(17374.95, 'USD', 'en')).toBe('$17.4K');
    expect(shortMoney(-2500000, 'USD', 'en')).toBe('($2.5M)');
    expect(shortMoney(999.5, 'USD', 'en')).toBe('$999.50');
  });
});
