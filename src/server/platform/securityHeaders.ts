import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '#server/config.ts';

/** Third-party origins the reCAPTCHA widget needs, only when it is switched on. */
const recaptchaOrigins = ['https://www.google.com', 'https://www.gstatic.com', 'https://www.recaptcha.net'];
/** The map embed, loaded only when the visitor asks for it. */
const mapOrigins = ['https://www.google.com', 'https://maps.google.com'];

/**
 * Browser features no page of the site uses, denied to the site and every frame in it. Full
 * screen is left alone: the contact page's map frame offers it. Only names every current browser
 * knows are listed (an unknown one is a console error in Chromium).
 */
const deniedFeatures = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
];
const permissionsPolicy = deniedFeatures.map((feature) => `${feature}=()`).join(', ');

/** Header names and values in one flat list (name, value, name, value…), as `res.writeHead` takes them. */
export type HeaderList = readonly string[];

/** The security headers for an answer to this request: one of two fixed lists, chosen by its Host. */
export type SecurityHeaderSets = (req: IncomingMessage) => HeaderList;

/** Plain Node types: built files get the same headers before Express sees the request (builtFiles.ts). */
export type SecurityHeaders = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * Strict headers for every answer: scripts only from this origin (no inline script anywhere),
 * styles from this origin and the pages' own inline stylesheet (inlineStyles: its hash),
 * no framing by other sites, no MIME sniffing, a conservative referrer policy, no browser features the
 * site does not use; in production over HTTPS, HSTS and upgraded requests on the public address.
 * Worked out once: they depend on the configuration and the Host, never on anything else in the
 * request, and helmet's chain of a dozen middleware per request cost more than sending a page.
 */
export function securityHeaderSets(config: Config, inlineStyles: string[] = []): SecurityHeaderSets {
  const recaptcha = config.recaptcha ? recaptchaOrigins : [];
  // HTTPS-only rules would break a plain-http local or test deployment.
  const servedOverHttps = config.isProduction && config.publicUrl.startsWith('https:');
  const publicHost = new URL(config.publicUrl).host;
  const onPublicHost = headersOf(helmetFor(inlineStyles, recaptcha, servedOverHttps));
  // The server's own address (http://its-ip:3000, tried before HTTPS works) would have every script
  // and stylesheet upgraded to an https that does not answer there: the page must load to say so.
  const elsewhere = servedOverHttps ? headersOf(helmetFor(inlineStyles, recaptcha, false)) : onPublicHost;
  return (req) => (req.headers.host?.toLowerCase() === publicHost ? onPublicHost : elsewhere);
}

/** The same headers as Express middleware, for every answer that is not a built file. */
export function securityHeaders(config: Config, inlineStyles: string[] = []): SecurityHeaders {
  const sets = securityHeaderSets(config, inlineStyles);
  return (req, res, next) => {
    const headers = sets(req);
    for (let at = 0; at < headers.length; at += 2) res.setHeader(headers[at]!, headers[at + 1]!);
    next();
  };
}

/** What helmet sets, read once from a stand-in answer (its policies hold no per-request parts such as nonces). */
function headersOf(middleware: ReturnType<typeof helmet>): HeaderList {
  const headers = ['Permissions-Policy', permissionsPolicy];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push(name, value),
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

function helmetFor(inlineStyles: string[], recaptcha: string[], servedOverHttps: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...recaptcha],
        styleSrc: ["'self'", ...inlineStyles],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...recaptcha],
        frameSrc: [...new Set([...mapOrigins, ...recaptcha])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        ...(servedOverHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: servedOverHttps ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
}
