import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { contactFormSchema } from '#shared/enquiries/contactForm.ts';
import type { EnquiryEnvelope } from '#shared/enquiries/envelope.ts';
import { deliverEnquiry, type Delivery } from './delivery';
import { validateWith } from '../validation';

const values = {
  name: 'Asha Raman',
  email: 'asha@example.in',
  countryCode: '+91',
  phone: '9840012345',
  preferredCallTime: '',
  type: 'general',
  message: 'We would like to visit on Saturday.',
};
type Field = keyof typeof values;

function delivery(overrides: Partial<Delivery<Field, unknown>> = {}) {
  const sent: { data: unknown; envelope: EnquiryEnvelope }[] = [];
  const steps: Delivery<Field, unknown> = {
    validate: async (answers) => validateWith(contactFormSchema, answers),
    formToken: async () => 'form-token',
    recaptchaSiteKey: async () => 'site-key',
    recaptchaToken: async (siteKey) => (siteKey ? 'google-token' : undefined),
    send: async (data, envelope) => void sent.push({ data, envelope }),
    ...overrides,
  };
  return { steps, sent };
}

describe('deliverEnquiry: one try at sending', () => {
  it("sends the checked answers with the fill's key, the honeypot, the fill token and Google's token", async () => {
    const { steps, sent } = delivery();
    const outcome = await deliverEnquiry(
      { values, idempotencyKey: 'key-1', website: '', formToken: 'fill-token' },
      steps,
    );
    expect(outcome).toEqual({ sent: true });
    expect(sent).toEqual([
      {
        data: expect.objectContaining({
          name: 'Asha Raman',
          countryCode: '+91',
          phone: '9840012345',
          preferredCallTime: undefined,
        }),
        envelope: { idempotencyKey: 'key-1', website: '', formToken: 'fill-token', token: 'google-token' },
      },
    ]);
  });

  it('asks the form for its token when the enquiry has none, and sends no reCAPTCHA token when it is off', async () => {
    const { steps, sent } = delivery({ recaptchaSiteKey: async () => null });
    const outcome = await deliverEnquiry({ values, idempotencyKey: 'key-2', website: '' }, steps);
    expect(outcome).toEqual({ sent: true });
    expect(sent[0]?.envelope).toEqual({ idempotencyKey: 'key-2', website: '', formToken: 'form-token' });
  });

  it('sends nothing when the answers do not pass the shared schema, and names the fields', async () => {
    const send = vi.fn();
    const { steps } = delivery({ send });
    const outcome = await deliverEnquiry(
      { values: { ...values, phone: '12' }, idempotencyKey: 'key-3', website: '' },
      steps,
    );
    expect(send).not.toHaveBeenCalled();
    expect(outcome).toMatchObject({
      sent: false,
      failure: { kind: 'invalid', fieldErrors: { phone: ['Phone number must be between 4-10 digits'] } },
    });
  });

  it('tells a lost connection (kept for the outbox, with the token it carried) from a refusal', async () => {
    const offline = await deliverEnquiry(
      { values, idempotencyKey: 'key-4', website: '' },
      delivery({ send: async () => Promise.reject(new TypeError('Failed to fetch')) }).steps,
    );
    expect(offline).toEqual({
      sent: false,
      failure: { kind: 'unreachable' },
      attempt: { values, idempotencyKey: 'key-4', website: '', formToken: 'form-token' },
    });
    const refusal = new TRPCClientError('Too many enquiries', {
      result: {
        error: { message: 'Too many enquiries', code: -32029, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } },
      },
    });
    const refused = await deliverEnquiry(
      { values, idempotencyKey: 'key-5', website: '' },
      delivery({ send: async () => Promise.reject(refusal) }).steps,
    );
    expect(refused).toMatchObject({ sent: false, failure: { kind: 'rejected' } });
  });

  it('keeps an enquiry the server could not store for now (503) for the outbox, like a lost connection', async () => {
    const unavailable = new TRPCClientError('The website cannot save anything just now.', {
      result: {
        error: {
          message: 'The website cannot save anything just now.',
          code: -32603,
          data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 },
        },
      },
    });
    const outcome = await deliverEnquiry(
      { values, idempotencyKey: 'key-6', website: '' },
      delivery({ send: async () => Promise.reject(unavailable) }).steps,
    );
    expect(outcome).toEqual({
      sent: false,
      failure: { kind: 'unreachable' },
      attempt: { values, idempotencyKey: 'key-6', website: '', formToken: 'form-token' },
    });
  });
});
