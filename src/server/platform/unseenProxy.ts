import type { IncomingMessage } from 'node:http';
import type { Config } from '#server/config.ts';
import type { Logger } from '#server/log.ts';

export const unseenProxyWarning =
  'TRUST_PROXY: requests arrive with X-Forwarded-For, but TRUST_PROXY is not set, so the server takes the proxy for the visitor: every visitor shares its address and one allowance of logins and enquiries. ' +
  'Behind a proxy on this machine (Caddy), set TRUST_PROXY=loopback and HOST=127.0.0.1; with no proxy in front, set TRUST_PROXY=false.';

/**
 * A proxy in front that nobody declared: warned of once, at its first forwarded request. An
 * explicit TRUST_PROXY (false included) is a choice and is left alone, as is proxyTrustWarning's
 * opposite case (trusting hops while anyone can connect), which the start-up report covers.
 */
export function unseenProxyNotice(config: Config, log: Logger): (req: IncomingMessage) => void {
  let warned = config.trustProxyChosen;
  return (req) => {
    if (warned || req.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    log.warn(unseenProxyWarning, { variable: 'TRUST_PROXY' });
  };
}
