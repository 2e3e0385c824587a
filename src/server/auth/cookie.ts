import type { CookieOptions } from 'express';
import type { Config } from '../config';

/**
 * The staff cookies. In production they carry the __Host- prefix, which browsers accept only
 * with Secure, Path=/ and no Domain: no subdomain or plain-http page can set or overwrite them.
 */
function staffCookieName(config: Config, name: string): string {
  return config.isProduction ? `__Host-${name}` : name;
}

export function sessionCookieName(config: Config): string {
  return staffCookieName(config, 'staff_session');
}

/** The device cookie marks a browser the office signed in from (see staffAuth's login). */
export function deviceCookieName(config: Config): string {
  return staffCookieName(config, 'staff_device');
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
