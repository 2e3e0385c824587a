/** One-line structured log records on stdout/stderr; the hosting platform collects them. */
export type Logger = {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

function write(stream: NodeJS.WriteStream, level: string, message: string, fields?: Record<string, unknown>) {
  stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);
}

export const consoleLogger: Logger = {
  info: (message, fields) => write(process.stdout, 'info', message, fields),
  warn: (message, fields) => write(process.stderr, 'warn', message, fields),
  error: (message, fields) => write(process.stderr, 'error', message, fields),
};
