import { describe, expect, it } from 'vitest';
import { tabIndexForKey } from './tabKeys';

describe('tab list keys', () => {
  it('moves with Left/Right in a horizontal list, wrapping at the ends', () => {
    expect(tabIndexForKey('ArrowRight', 0, 4, 'horizontal')).toBe(1);
    expect(tabIndexForKey('ArrowRight', 3, 4, 'horizontal')).toBe(0);
    expect(tabIndexForKey('ArrowLeft', 0, 4, 'horizontal')).toBe(3);
    expect(tabIndexForKey('ArrowDown', 0, 4, 'horizontal')).toBeUndefined();
  });

  it('moves with Up/Down in a vertical list', () => {
    expect(tabIndexForKey('ArrowDown', 6, 7, 'vertical')).toBe(0);
    expect(tabIndexForKey('ArrowUp', 2, 7, 'vertical')).toBe(1);
    expect(tabIndexForKey('ArrowRight', 2, 7, 'vertical')).toBeUndefined();
  });

  it('jumps to the ends with Home and End', () => {
    expect(tabIndexForKey('Home', 2, 4, 'horizontal')).toBe(0);
    expect(tabIndexForKey('End', 0, 4, 'vertical')).toBe(3);
  });
});
