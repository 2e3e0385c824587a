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

export type LogRecord = { time: string; level: string; message: string; fields?: Record<string, unknown> };

/** Keeps records in memory: tests read what the server said. */
export function memoryLogger(): Logger & { records: LogRecord[] } {
  const records: LogRecord[] = [];
  const push = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    records.push({ time: new Date().toISOString(), level, message, ...(fields ? { fields } : {}) });
  };
  return { records, info: push('info'), warn: push('warn'), error: push('error') };
}
