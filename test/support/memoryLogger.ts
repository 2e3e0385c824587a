import { createLogger, type Logger } from '#server/log.ts';

export type LogRecord = {
  time: string;
  level: string;
  message: string;
  requestId?: string;
  fields?: Record<string, unknown>;
};

/** The server's own logger (pino, with its redaction and request ids), writing into memory: tests read what the server said. */
export function memoryLogger(): Logger & { records: LogRecord[] } {
  const records: LogRecord[] = [];
  const logger = createLogger({
    write(line: string) {
      const { time, level, message, requestId, ...fields } = JSON.parse(line) as LogRecord & Record<string, unknown>;
      records.push({
        time,
        level,
        message,
        ...(requestId === undefined ? {} : { requestId }),
        ...(Object.keys(fields).length > 0 ? { fields } : {}),
      });
    },
  });
  return { records, ...logger };
}
