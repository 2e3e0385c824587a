import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxRow } from './repository';
import { startSmtpSink, type SmtpSink } from '#test/support/smtpSink.ts';
import { createSmtpSender } from './transport';
import { newMessageId } from '#server/storage/messageId.ts';

function outboxRow(id: number): OutboxRow {
  return {
    id,
    enquiry_kind: 'contact',
    enquiry_id: id,
    staff_account_id: null,
    recipient_role: 'office',
    to_address: 'office@aranya.test',
    subject: `Message ${id}`,
    text_body: `Body ${id}`,
    html_body: null,
    reply_to: null,
    secret_link: null,
    attempts: 0,
    next_attempt_at: new Date().toISOString(),
    sent_at: null,
    last_error: null,
    created_at: new Date().toISOString(),
    rejections: 0,
    failed_at: null,
    topic: 'enquiry',
    calendar: null,
    staff_mail: null,
    parent_guardian_id: null,
    message_id: newMessageId(),
  };
}

describe('the SMTP sender', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('sends several messages, one after another and at once, over one kept-open connection', async () => {
    const sender = createSmtpSender(sink.url, 'website@aranya.test');
    try {
      for (const id of [1, 2, 3]) await sender.send(outboxRow(id));
      await Promise.all([4, 5, 6].map((id) => sender.send(outboxRow(id))));
      expect(sink.received.map((mail) => mail.headers.subject).sort()).toEqual(
        [1, 2, 3, 4, 5, 6].map((id) => `Message ${id}`),
      );
      expect(sink.connections).toBe(1);
    } finally {
      sender.close();
    }
  });
});
