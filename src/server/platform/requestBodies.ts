import type { RequestHandler } from 'express';
import { publicMessages } from './publicErrors';

export type RequestRefusal = { status: number; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The answer to a request that failed before any handler could judge it: body-parser's refusals
 * (too large, not JSON, a body labelled gzip that is not, an unknown charset) and Express's
 * (an address whose %-escapes do not decode). They carry a 4xx status; their own wording does not
 * reach people. Anything else is not a refusal but a failure (undefined).
 */
export function requestRefusal(error: unknown): RequestRefusal | undefined {
  if (!isRecord(error) || typeof error.status !== 'number' || error.status < 400 || error.status >= 500)
    return undefined;
  switch (error.type) {
    case 'entity.too.large':
      return { status: 413, message: publicMessages.tooLarge };
    case 'entity.parse.failed':
      return { status: 400, message: publicMessages.notJson };
    case 'encoding.unsupported':
      return { status: 415, message: publicMessages.compressed };
    case 'charset.unsupported':
      return { status: 415, message: publicMessages.unsupportedCharset };
    default:
      return { status: error.status, message: publicMessages.unreadable };
  }
}

/**
 * tRPC reads the body as it arrives and ignores Content-Encoding; no page of the site compresses
 * what it sends, so a compressed body is refused with 415 rather than misread.
 */
export function uncompressedBodiesOnly(): RequestHandler {
  return (req, res, next) => {
    const encoding = req.get('content-encoding')?.trim().toLowerCase();
    if (encoding === undefined || encoding === '' || encoding === 'identity') return next();
    res.status(415).json({ message: publicMessages.compressed });
  };
}
