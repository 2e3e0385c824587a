import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '#shared/staff/twoStep.ts';

/**
 * TOTP (RFC 6238) through otplib, and recovery codes. A code is accepted for the current
 * 30-second step and one step either side (a phone's clock a little off, a code typed as it
 * changed), never older: RFC 6238 §5.2 advises at most one step of delay.
 */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), in the base32 the apps read. */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/**
 * The 30-second step a correct code belongs to, or undefined: wrong, outside the window, or of
 * `afterStep` or earlier (a code already used, or one older than it).
 */
export function totpStep(secret: string, code: string, now: Date, afterStep: number | null): number | undefined {
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    period: TOTP_PERIOD_SECONDS,
    digits: TOTP_DIGITS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** The otpauth:// address the QR code holds: the app shows the issuer and the label. */
export const otpauthUri = (secret: string, issuer: string, label: string): string =>
  generateURI({ issuer, label, secret, period: TOTP_PERIOD_SECONDS, digits: TOTP_DIGITS });

/** The QR code as an SVG image in a data: URL: an <img> the CSP allows, no inline script or style. */
export async function qrCodeImage(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Crockford's base32: no i, l, o or u, so a code read aloud or copied by hand is not misread. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_GROUPS = 4;
const RECOVERY_GROUP_LENGTH = 4;

/** Ten codes of 16 characters (80 bits each), shown as four groups: too many to guess, even offline against their hashes. */
export function newRecoveryCodes(): string[] {
  const code = () =>
    Array.from({ length: RECOVERY_GROUPS }, () =>
      Array.from({ length: RECOVERY_GROUP_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
        '',
      ),
    ).join('-');
  return Array.from({ length: RECOVERY_CODE_COUNT }, code);
}

/** What is stored of a recovery code: the SHA-256 of its characters in one letter case, as Crockford reads them (o is 0, i and l are 1). */
export function recoveryCodeHash(code: string): string {
  const normalised = code.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  return createHash('sha256').update(normalised).digest('base64url');
}
