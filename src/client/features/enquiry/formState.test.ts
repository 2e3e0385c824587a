import { describe, expect, it } from 'vitest';
import { initialValues, invalidSendMessage } from './formState';

describe('form state', () => {
  const empty = { name: '', email: '' };

  it('starts blank, or with what came back from a post without JavaScript', () => {
    expect(initialValues(empty, undefined)).toEqual(empty);
    const posted = {
      form: 'contact',
      outcome: 'invalid',
      values: { name: 'A', email: 'a@', other: 'x' },
      fieldErrors: {},
    } as const;
    expect(initialValues(empty, posted)).toEqual({ name: 'A', email: 'a@' });
    expect(initialValues(empty, { ...posted, outcome: 'sent' })).toEqual(empty);
  });

  it("reads a message about a field the form does not show in the toast, else the server's sentence", () => {
    const fields = ['name', 'email'];
    expect(
      invalidSendMessage(
        { website: ['Unexpected field'], name: ['Too short'] },
        fields,
        'Please correct the highlighted fields.',
        'Failed',
      ),
    ).toBe('Unexpected field');
    expect(
      invalidSendMessage({ name: ['Too short'] }, fields, 'Please correct the highlighted fields.', 'Failed'),
    ).toBe('Please correct the highlighted fields.');
    expect(invalidSendMessage({ email: ['Bad email'] }, fields, undefined, 'Failed')).toBe('Bad email');
    expect(invalidSendMessage({}, fields, undefined, 'Failed')).toBe('Failed');
  });
});
