/**
 * What a failed send says: about the relay as a whole (it refuses every email, or cannot be
 * reached), or about the one email (refused for good with a 5xx to RCPT TO or DATA, or deferred).
 * Only the second counts against the email (decision 0010).
 */
export type SmtpFailure =
  /** `reason` in plain words for the dashboard and /healthz; `answer` what the server said, or the connection error. */
  { scope: 'relay'; reason: string; answer: string } | { scope: 'email'; refused: boolean };

/** What nodemailer adds to an SMTP error: its own code (EAUTH, ESOCKET...), the command answered, the server's reply. */
type SmtpError = { code?: unknown; command?: unknown; responseCode?: unknown; response?: unknown; message?: unknown };

/** Errors of the connection itself, before any email was spoken of. */
const connectionCodes = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ETLS', 'EPROTOCOL']);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function classifySmtpFailure(error: unknown): SmtpFailure {
  const smtp: SmtpError = typeof error === 'object' && error !== null ? error : {};
  const code = text(smtp.code);
  const command = text(smtp.command);
  const reply = typeof smtp.responseCode === 'number' ? smtp.responseCode : undefined;
  // The server's reply line, or the connection error (which names host and port, never the password).
  const answer = (text(smtp.response) || text(smtp.message) || String(error)).slice(0, 300);
  const relay = (reason: string): SmtpFailure => ({ scope: 'relay', reason, answer });

  if (reply === 421) return relay('the mail server is not taking mail for now');
  if (code === 'EAUTH' || command.startsWith('AUTH')) {
    return relay(
      reply === 454 ? 'the mail server could not check the password for now' : 'the mail server refused the password',
    );
  }
  // A 552 at MAIL FROM is about this message's size; any other refusal there is the relay's sender policy (or a login it wants).
  if (command === 'MAIL FROM' && reply !== undefined && reply !== 552) {
    return relay(
      reply === 530 ? 'the mail server wants the website to log in' : 'the mail server refused the sender address',
    );
  }
  if (connectionCodes.has(code) || command === 'CONN' || command === 'EHLO' || command === 'HELO') {
    if (code === 'ETIMEDOUT') return relay('the mail server did not answer in time');
    if (code === 'EDNS') return relay('the mail server’s name was not found');
    if (code === 'ETLS') return relay('a secure connection to the mail server could not be made');
    return relay('the mail server could not be reached');
  }
  return { scope: 'email', refused: reply !== undefined && reply >= 500 && reply < 600 };
}
