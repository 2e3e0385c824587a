import type { Logger } from '../../src/server/log';

export type LogRecord = { time: string; level: string; message: string; fields?: Record<string, unknown> };

/** Keeps records in memory: tests read what the server said. */
export function memoryLogger(): Logger & { records: LogRecord[] } {
  const records: LogRecord[] = [];
  const push = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    records.push({ time: new Date().toISOString(), level, message, ...(fields ? { fields } : {}) });
  };
  return { records, info: push('info'), warn: push('warn'), error: push('error') };
}
