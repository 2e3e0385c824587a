import { describe, expect, it } from 'vitest';
import { toggleOpenItem } from './accordionState';

describe('single-open accordion rule', () => {
  it('opens an item when none is open', () => {
    expect(toggleOpenItem(null, 'a')).toBe('a');
  });

  it('closes the open item when it is activated again', () => {
    expect(toggleOpenItem('a', 'a')).toBeNull();
  });

  it('switches to another item, closing the one that was open', () => {
    expect(toggleOpenItem('a', 'b')).toBe('b');
  });
});
