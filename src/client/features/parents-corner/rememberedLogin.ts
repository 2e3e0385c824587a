/** "Remember me" keeps the portal open on this device, in the browser's local storage only. */
const STORAGE_KEY = 'parents-corner:remembered';

export function isLoginRemembered(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'yes';
  } catch {
    return false;
  }
}

export function rememberLogin(remember: boolean): void {
  try {
    if (remember) window.localStorage.setItem(STORAGE_KEY, 'yes');
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be switched off or full; the portal then simply forgets on reload.
  }
}
