import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { isLoopbackHost } from '#server/config.ts';
import { publicMailStatus } from '#server/modules/mail/service.ts';
import type { Services } from '#server/services.ts';

const forwardedHeaders = ['forwarded', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-real-ip'];

/**
 * A check on the machine itself: from loopback, with no header a proxy adds. Whatever came through
 * the proxy (Caddy connects from loopback too) is anyone's request and learns only the states.
 */
function fromTheMachine(req: IncomingMessage): boolean {
  const address = req.socket.remoteAddress?.replace(/^::ffff:/, '');
  return (
    address !== undefined &&
    isLoopbackHost(address) &&
    forwardedHeaders.every((name) => req.headers[name] === undefined)
  );
}

/**
 * GET /healthz: 200 {status:'ok'} while the store takes writes, 503 {status:'unwritable'} while
 * it does not (storage/writeHealth.ts). The reason goes to the log when the state changes, once.
 * With mail on, a `mail` field says whether it goes out; mail failing keeps the 200, since the
 * site and its forms still work (decision 0010). Why it fails, what waits and since when are told
 * only to a check on the machine itself (and to Owner and Office on the dashboard).
 */
export function healthCheck(services: Services): RequestHandler {
  const { storage, log } = services;
  let wasWritable = true;
  return async (req, res) => {
    // Read at each request: tests move the clock by replacing services.now.
    const writability = await storage.writes.check(services.now());
    if (writability.writable !== wasWritable) {
      wasWritable = writability.writable;
      if (writability.writable) log.info('Storage takes writes again');
      else log.error('Storage cannot take writes', { reason: writability.reason });
    }
    const mail = await services.mail.status(services.now());
    res.setHeader('Cache-Control', 'no-store');
    res.status(writability.writable ? 200 : 503).json({
      status: writability.writable ? 'ok' : 'unwritable',
      ...(mail ? { mail: fromTheMachine(req) ? publicMailStatus(mail) : { state: mail.state } } : {}),
    });
  };
}
