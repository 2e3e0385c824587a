/**
 * localStorage, read and written defensively: private browsing, a full quota or a disabled
 * store must never stop a parent from sending a form, so failures are logged and ignored.
 */
export function readStored<T>(key: string, isValid: (value: unknown) => value is T): T | undefined {
  try {
    const text = window.localStorage.getItem(key);
    if (text === null) return undefined;
    const value: unknown = JSON.parse(text);
    return isValid(value) ? value : undefined;
  } catch (error) {
    console.warn(`Could not read ${key} from this browser`, error);
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not save ${key} in this browser`, error);
  }
}

export function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch (error) {
    console.warn(`Could not remove ${key} from this browser`, error);
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
