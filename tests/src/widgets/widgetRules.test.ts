import { describe, expect, it } from 'vitest';
import { MENU_ITEM_HEIGHTS } from '../../../src/widgets/MenuItem';
import { MODAL_DEFAULT_WIDTH } from '../../../src/widgets/Modal';
import {
  placePopover,
  POPOVER_CLOSE_DELAY_MS,
  POPOVER_EDGE_MARGIN,
} from '../../../src/widgets/popoverPlacement';
import { PRELOADER_DELAY_MS } from '../../../src/frame/Preloader';
import { WIDGET_SIZES } from '../../../src/widgets/sizes';
import { fieldError, showsRequiredMark } from '../../../src/widgets/textInputRules';

describe('text input rules (SPEC section 5)', () => {
  it('shows the red asterisk only when required, empty and without error', () => {
    expect(showsRequiredMark({ required: true, value: '', error: null })).toBe(true);
    expect(showsRequiredMark({ required: true, value: '  ', error: undefined })).toBe(true);
    expect(showsRequiredMark({ required: true, value: 'a', error: null })).toBe(false);
    expect(showsRequiredMark({ required: true, value: '', error: 'Required' })).toBe(false);
    expect(showsRequiredMark({ required: false, value: '', error: null })).toBe(false);
  });

  it("prefers the custom validator's text, then the form's", () => {
    const validator = (value: string) => (value.length > 3 ? 'Too long' : null);
    expect(fieldError('abcd', validator, 'Server says no')).toBe('Too long');
    expect(fieldError('abc', validator, 'Server says no')).toBe('Server says no');
    expect(fieldError('abc', validator, null)).toBeNull();
    expect(fieldError('abc', undefined, undefined)).toBeNull();
  });

  it('offers the sizes xlarge, large and small', () => {
    expect([...WIDGET_SIZES].sort()).toEqual(['large', 'small', 'xlarge']);
    expect(Object.keys(MENU_ITEM_HEIGHTS).sort()).toEqual(['large', 'small', 'xlarge']);
    expect(MENU_ITEM_HEIGHTS.small).toBeLessThan(MENU_ITEM_HEIGHTS.large);
    expect(MENU_ITEM_HEIGHTS.large).toBeLessThan(MENU_ITEM_HEIGHTS.xlarge);
  });
});

describe('constants of SPEC section 9', () => {
  it('has the modal, popover and preloader values', () => {
    expect(MODAL_DEFAULT_WIDTH).toBe(500);
    expect(POPOVER_CLOSE_DELAY_MS).toBe(50);
    expect(POPOVER_EDGE_MARGIN).toBe(5);
    expect(PRELOADER_DELAY_MS).toBe(500);
  });
});

describe('placePopover', () => {
  const viewport = { width: 1000, height: 800 };
  const size = { width: 200, height: 100 };

  it('goes below its anchor, left-aligned', () => {
    expect(placePopover({ top: 100, left: 300, width: 50, height: 20 }, size, viewport)).toEqual({
      top: 124,
      left: 300,
    });
  });

  it('flips above when it does not fit below', () => {
    expect(placePopover({ top: 750, left: 300, width: 50, height: 20 }, size, viewport)).toEqual({
      top: 646,
      left: 300,
    });
  });

  it('keeps 5 px from the right and left edges', () => {
    expect(placePopover({ top: 100, left: 950, width: 40, height: 20 }, size, viewport).left).toBe(
      795,
    );
    expect(placePopover({ top: 100, left: -20, width: 40, height: 20 }, size, viewport).left).toBe(
      5,
    );
  });

  it('stays inside a viewport too short for either side', () => {
    const placed = placePopover(
      { top: 40, left: 10, width: 40, height: 20 },
      { width: 200, height: 100 },
      { width: 1000, height: 120 },
    );
    expect(placed.top).toBe(15);
  });
});
