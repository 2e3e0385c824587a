import type { RequestHandler } from 'express';
import { mailStatus, publicMailStatus } from '../mail/mailStatus';
import type { Services } from '../services';

/**
 * GET /healthz: 200 {status:'ok'} while the store takes writes, 503 {status:'unwritable'} while
 * it does not (storage/writeHealth.ts). The reason goes to the log when the state changes, once.
 * With mail on, a `mail` field says whether it goes out and what waits; mail failing keeps the
 * 200, since the site and its forms still work (decision 0010).
 */
export function healthCheck(services: Services): RequestHandler {
  const { storage, log } = services;
  let wasWritable = true;
  return async (_req, res) => {
    // Read at each request: tests move the clock by replacing services.now.
    const writability = await storage.writes.check(services.now());
    if (writability.writable !== wasWritable) {
      wasWritable = writability.writable;
      if (writability.writable) log.info('Storage takes writes again');
      else log.error('Storage cannot take writes', { reason: writability.reason });
    }
    const mail = await mailStatus(services);
    res.setHeader('Cache-Control', 'no-store');
    res.status(writability.writable ? 200 : 503).json({ status: writability.writable ? 'ok' : 'unwritable', ...(mail ? { mail: publicMailStatus(mail) } : {}) });
  };
}
