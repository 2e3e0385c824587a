import type { Transporter } from 'nodemailer';
import { school } from '#content/school.ts';
import type { SendOutboxMail } from './outboxWorker';
import { bodiesToSend } from './secretLink';

export type MailSender = { send: SendOutboxMail; close(): void };

/**
 * An SMTP sender for SMTP_URL (smtp:// or smtps://, credentials in the URL). Short timeouts: a
 * stalled server fails the attempt and the outbox retries later, well inside the row's lease.
 *
 * The URL is parsed here, not passed as `url`: nodemailer's createTransport reads a `url`
 * option on its own and drops every other option with it, which once left the server without
 * the pool (a new connection per email) and with nodemailer's long default timeouts.
 */
export function createSmtpSender(smtpUrl: string, from: string): MailSender {
  // Loaded with the first email, not at start-up: nodemailer is the largest part of the server
  // (about 450 KB of source) and the server must answer /healthz within 400 ms of starting.
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= Promise.all([import('nodemailer'), import('nodemailer/lib/shared')]).then(
      ([{ default: nodemailer }, { parseConnectionUrl }]) =>
        nodemailer.createTransport({
          ...parseConnectionUrl(smtpUrl),
          // One kept-open connection: after a burst of enquiries the outbox drains without a handshake per email.
          pool: true,
          maxConnections: 1,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        }),
    ));
  return {
    async send(row) {
      const { text, html } = bodiesToSend(row);
      await (
        await connect()
      ).sendMail({
        from,
        to: row.to_address,
        subject: row.subject,
        text,
        ...(html ? { html } : {}),
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        // The one given when it was queued: sent again after a crash, it is the same message to the reader.
        ...(row.message_id ? { messageId: row.message_id } : {}),
        ...(row.calendar ? { icalEvent: { method: 'REQUEST', content: row.calendar } } : {}),
      });
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}

/** MAIL_FROM, or the school's name on the office address (the one address the relay surely accepts). */
export function senderAddress(mailFrom: string | undefined, notifyEmail: string): string {
  return mailFrom ?? `"${school.name}" <${notifyEmail}>`;
}
