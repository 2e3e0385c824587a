import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { validAdmission, validContact } from '#test/support/enquiryTestData.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import type { AppRouter } from '#server/api/root.ts';

describe('enquiries procedures over tRPC (what the forms call)', () => {
  let server: TestServer;
  let client: ReturnType<typeof createTRPCClient<AppRouter>>;
  beforeAll(async () => {
    server = await startTestServer({ ENQUIRY_MIN_FILL_SECONDS: '0' }, { servePages: false });
    client = createTRPCClient<AppRouter>({
      links: [httpLink({ url: `${server.url}/api/trpc`, transformer: superjson })],
    });
  });
  afterAll(() => server.close());

  it('formSession gives a form token, the shortest fill the check allows, and no site key while reCAPTCHA is off', async () => {
    const session = await client.enquiries.formSession.query();
    expect(session.recaptchaSiteKey).toBeNull();
    expect(session.minFillMs).toBe(0); // ENQUIRY_MIN_FILL_SECONDS above
    expect(session.formToken.split('.')).toHaveLength(3);
  });

  it('submitContact stores the message and answers { id, received: true }', async () => {
    const { formToken } = await client.enquiries.formSession.query();
    const sent = validContact({ formToken });
    const answer = await client.enquiries.submitContact.mutate(sent);
    expect(answer).toEqual({ id: expect.any(Number), received: true });
    const row = await server.services.storage.db
      .selectFrom('contact_enquiries')
      .selectAll()
      .where('id', '=', answer.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: sent.name,
      email: sent.email,
      phone: '9840011223',
      message: sent.message,
      idempotency_key: sent.idempotencyKey,
      spam_reasons: null,
    });
  });

  it('submitAdmission answers the same id for a retry with the same idempotency key (and form token)', async () => {
    const { formToken } = await client.enquiries.formSession.query();
    const sent = validAdmission({ formToken });
    const first = await client.enquiries.submitAdmission.mutate(sent);
    const retry = await client.enquiries.submitAdmission.mutate(sent);
    expect(retry.id).toBe(first.id);
  });

  it('puts the field messages in error.data.fieldErrors with code BAD_REQUEST', async () => {
    const error = await client.enquiries.submitAdmission
      .mutate(validAdmission({ parentName: 'P', phone: 'phone' }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCClientError);
    const data = (error as TRPCClientError<AppRouter>).data;
    expect(data?.code).toBe('BAD_REQUEST');
    expect(data?.httpStatus).toBe(400);
    expect(data?.fieldErrors).toEqual({
      parentName: ["Parent's name must be at least 2 characters"],
      phone: ['Phone number must contain only digits'],
    });
  });

  it('refuses input that is not an object with BAD_REQUEST', async () => {
    const response = await fetch(`${server.url}/api/trpc/enquiries.submitContact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: 'hello' }),
    });
    expect(response.status).toBe(400);
  });

  it('refuses a body over the cap with 413', async () => {
    const response = await fetch(`${server.url}/api/trpc/enquiries.submitContact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: validContact({ message: 'x'.repeat(40 * 1024) }) }),
    });
    expect(response.status).toBe(413);
  });
});
