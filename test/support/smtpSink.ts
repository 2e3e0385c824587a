import net from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  from: string;
  /** Envelope recipients. */
  to: string[];
  /** Header values by lower-case name, unfolded. */
  headers: Record<string, string>;
  /** The whole message after the headers, quoted-printable decoded (text and HTML parts). */
  body: string;
};

export type SmtpSink = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** SMTP connections opened to the sink so far. */
  readonly connections: number;
  /** Logins tried so far (with acceptLogin), right or wrong. */
  readonly logins: number;
  /** Resolves once at least `count` messages have arrived. */
  waitFor(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

function decodeQuotedPrintable(text: string): string {
  const latin1 = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'body'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: decodeQuotedPrintable(raw.slice(split + 4)) };
}

/** A free loopback port (nothing listens on it until someone starts there). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export type SmtpSinkOptions = {
  /** Recipients the server refuses for good (550), as a relay does for an address that does not exist. */
  rejectRecipient?: (address: string) => boolean;
  /** Recipients the server defers (451, try again later), as a greylisting relay does; asked at each RCPT TO. */
  deferRecipient?: (address: string) => boolean;
  /**
   * With it the sink asks for a login (AUTH PLAIN/LOGIN over plain text, as a test may) and answers
   * 535 when this says no: a relay whose password was changed. Asked at each login, so a test can
   * let the password work again.
   */
  acceptLogin?: (user: string, password: string) => boolean;
  /** An answer code to refuse MAIL FROM with (a relay's sender policy), or undefined to accept; asked each time. */
  refuseSender?: (address: string) => number | undefined;
};

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/** A real SMTP server on loopback that keeps what it receives (no TLS; a login only with acceptLogin). */
export async function startSmtpSink(
  port = 0,
  { rejectRecipient, deferRecipient, acceptLogin, refuseSender }: SmtpSinkOptions = {},
): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let connections = 0;
  let logins = 0;
  const waiters: { count: number; resolve: (mails: ReceivedMail[]) => void }[] = [];
  const server = new SMTPServer({
    authOptional: !acceptLogin,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    disabledCommands: acceptLogin ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    logger: false,
    // No reverse DNS of the client: without a resolver it stalls each connection for seconds.
    disableReverseLookup: true,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      logins += 1;
      if (acceptLogin?.(auth.username ?? '', auth.password ?? '')) return callback(null, { user: auth.username });
      callback(smtpError(535, '5.7.8 Authentication credentials invalid'));
    },
    onMailFrom(address, _session, callback) {
      const code = refuseSender?.(address.address);
      if (code === undefined) return callback();
      callback(smtpError(code, `5.7.1 <${address.address}>: Sender address rejected: not owned by user`));
    },
    onRcptTo(address, _session, callback) {
      if (deferRecipient?.(address.address))
        return callback(smtpError(451, '4.7.1 Greylisted, please try again later'));
      if (!rejectRecipient?.(address.address)) return callback();
      callback(smtpError(550, `5.1.1 <${address.address}>: Recipient address rejected: User unknown`));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({
          from,
          to: session.envelope.rcptTo.map((to) => to.address),
          ...parseMessage(Buffer.concat(chunks).toString('latin1')),
        });
        for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve([...received]);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.server.address() as net.AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    get connections() {
      return connections;
    },
    get logins() {
      return logins;
    },
    waitFor: (count) =>
      received.length >= count
        ? Promise.resolve([...received])
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * An SMTP server that accepts connections and never answers (no greeting, nothing): a relay
 * that has hung. Closing it drops the connections it holds.
 */
export async function startHungSmtpServer(): Promise<{
  url: string;
  readonly connections: number;
  close(): Promise<void>;
}> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
