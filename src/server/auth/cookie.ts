import type { CookieOptions } from 'express';
import type { Config } from '../config';

/**
 * The session cookie. In production it carries the __Host- prefix, which browsers accept only
 * with Secure, Path=/ and no Domain: no subdomain or plain-http page can set or overwrite it.
 */
export function sessionCookieName(config: Config): string {
  return config.isProduction ? '__Host-staff_session' : 'staff_session';
}

export function sessionCookieOptions(config: Config, expiresAt?: Date): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
    path: '/',
    ...(expiresAt ? { expires: expiresAt } : {}),
  };
}
