import { nextKey } from '#shared/content/parts/part.ts';
import type { PartForms, SiteContentPart } from '#shared/content/siteContent.ts';

/**
 * What a person typed in a part and has not saved, kept in this tab (sessionStorage) until it is
 * saved: a reload, the back button or the session's end loses nothing (decision 0037). Kept per
 * account, so a colleague signing in on the same tab does not get it.
 */
const storageKey = (accountId: number, part: SiteContentPart) => `site-content-unsaved:${accountId}:${part}`;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (a privacy setting): the leave guard still asks before anything is lost.
    return undefined;
  }
}

/** The kept form, its list items given fresh keys (those of the earlier page may be in use). */
export function readKept<K extends SiteContentPart>(accountId: number, part: K): PartForms[K] | undefined {
  const text = storage()?.getItem(storageKey(accountId, part));
  if (!text) return undefined;
  try {
    return JSON.parse(text, (name, value: unknown) =>
      name === 'key' && typeof value === 'number' ? nextKey() : value,
    ) as PartForms[K];
  } catch {
    return undefined;
  }
}

export const holdsKept = (accountId: number, part: SiteContentPart): boolean =>
  Boolean(storage()?.getItem(storageKey(accountId, part)));

export function keep<K extends SiteContentPart>(accountId: number, part: K, form: PartForms[K]): void {
  try {
    storage()?.setItem(storageKey(accountId, part), JSON.stringify(form));
  } catch {
    // Full: the leave guard still asks before anything is lost.
  }
}

export const forget = (accountId: number, part: SiteContentPart): void =>
  storage()?.removeItem(storageKey(accountId, part));
