import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILL_TOKEN_RENEW_AFTER_MS, enquiryStore, fillTokenIsRecent } from './enquiryStore';

/** localStorage as a browser has it, in memory. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('enquiryStore: the draft and the outbox in this browser', () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const fields = ['name', 'message'] as const;
  const empty = { name: '', message: '' };

  it('keeps a draft while something is typed, and none once the form is blank again', () => {
    const store = enquiryStore('contact', fields);
    store.keepDraft(
      { values: { name: 'Asha', message: '' }, idempotencyKey: 'k1', formToken: 't', formTokenAt: 5 },
      empty,
    );
    expect(store.readDraft()).toEqual({
      values: { name: 'Asha', message: '' },
      idempotencyKey: 'k1',
      formToken: 't',
      formTokenAt: 5,
    });
    expect([...storage.items.keys()]).toEqual(['enquiry:contact:draft']);
    store.keepDraft({ values: empty, idempotencyKey: 'k1' }, empty);
    expect(store.readDraft()).toBeUndefined();
  });

  it('keeps each form apart, and ignores what this form would not have written', () => {
    enquiryStore('admission', ['studentName'] as const).keepDraft(
      { values: { studentName: 'Kavin' }, idempotencyKey: 'k2' },
      { studentName: '' },
    );
    expect(enquiryStore('contact', fields).readDraft()).toBeUndefined();
    storage.setItem('enquiry:contact:draft', JSON.stringify({ values: { name: 'Asha' }, idempotencyKey: 'k3' }));
    expect(enquiryStore('contact', fields).readDraft()).toBeUndefined();
    storage.setItem('enquiry:contact:draft', '{not json');
    expect(enquiryStore('contact', fields).readDraft()).toBeUndefined();
  });

  it('queues an enquiry with its honeypot until it is removed', () => {
    const store = enquiryStore('contact', fields);
    const queued = { values: { name: 'Asha', message: 'We would like to visit.' }, idempotencyKey: 'k4', website: '' };
    store.queue(queued);
    expect(store.readQueued()).toEqual(queued);
    // A draft is not an enquiry to send: without the honeypot field it is not read as one.
    store.keepDraft({ values: queued.values, idempotencyKey: 'k5' }, empty);
    store.removeQueued();
    expect(store.readQueued()).toBeUndefined();
    expect(store.readDraft()?.idempotencyKey).toBe('k5');
  });

  it('never stops the form when the browser refuses to store', () => {
    vi.stubGlobal('window', {
      localStorage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
        removeItem: () => undefined,
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = enquiryStore('contact', fields);
    expect(() => store.queue({ values: empty, idempotencyKey: 'k', website: '' })).not.toThrow();
    expect(store.readQueued()).toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('fillTokenIsRecent', () => {
  it('holds a token for half its life, then asks for a new one', () => {
    expect(fillTokenIsRecent({ formToken: 't', formTokenAt: 1_000 }, 1_000 + FILL_TOKEN_RENEW_AFTER_MS - 1)).toBe(true);
    expect(fillTokenIsRecent({ formToken: 't', formTokenAt: 1_000 }, 1_000 + FILL_TOKEN_RENEW_AFTER_MS)).toBe(false);
    expect(fillTokenIsRecent({}, 1_000)).toBe(false);
  });
});
