import { describe, expect, it } from 'vitest';
import { errorSummaryItems } from './errorSummary';

describe('errorSummaryItems', () => {
  const fields = ['name', 'email', 'phone', 'message'] as const;

  it('lists each field with a message once, in the order of the form, with its first message', () => {
    const items = errorSummaryItems(
      {
        message: ['Message must be at least 10 characters.'],
        name: ['Name must be at least 2 characters.', 'Name is required.'],
        email: [],
      },
      fields,
    );
    expect(items).toEqual([
      { field: 'name', message: 'Name must be at least 2 characters.', linked: true },
      { field: 'message', message: 'Message must be at least 10 characters.', linked: true },
    ]);
  });

  it('puts what concerns the whole enquiry first, without a link', () => {
    const items = errorSummaryItems(
      {
        phone: ['Phone number must contain only digits'],
        formToken: ['This form has expired. Please reload the page.'],
      },
      fields,
    );
    expect(items).toEqual([
      { field: 'formToken', message: 'This form has expired. Please reload the page.', linked: false },
      { field: 'phone', message: 'Phone number must contain only digits', linked: true },
    ]);
  });

  it('is empty when nothing is wrong', () => {
    expect(errorSummaryItems({}, fields)).toEqual([]);
    expect(errorSummaryItems({ name: undefined }, fields)).toEqual([]);
  });
});
