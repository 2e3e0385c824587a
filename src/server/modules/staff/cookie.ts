import type { CookieOptions } from 'express';
import type { Config } from '#server/config.ts';

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

/** A parent's session in the Parents' Corner: its own cookie, never the staff one (decision 0054). */
export function parentSessionCookieName(config: Config): string {
  return staffCookieName(config, 'parent_session');
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

const loopbackHost = /^(localhost|[^.]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether a browser on the page at this origin keeps the staff cookies. In production they are
 * Secure, which browsers keep only from https or from the machine itself (localhost, loopback).
 * Without an Origin (a tool, not a browser) the answer is yes: nothing is known to the contrary.
 */
export function cookiesKeptFrom(config: Config, origin: string | undefined): boolean {
  if (!config.isProduction || origin === undefined) return true;
  try {
    const url = new URL(origin);
    return url.protocol !== 'http:' || loopbackHost.test(url.hostname);
  } catch {
    return true;
  }
}
