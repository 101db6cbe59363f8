/**
 * Session data kept in the browser's storage as `{ value, expires? }` (expires: a timestamp in
 * milliseconds). A value is dropped (and removed from storage) once it has expired; storage that
 * is missing or refuses (private modes, quotas) behaves as empty.
 */

export interface StoredSessionValue<T> {
  value: T;
  expires?: number;
}

export interface SessionData {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown, expires?: number): void;
  remove(key: string): void;
}

export function createSessionData(
  storage: () => Storage | undefined = () => globalThis.localStorage,
  now: () => number = Date.now,
): SessionData {
  const safely = <R>(fn: (s: Storage) => R): R | undefined => {
    try {
      const s = storage();
      return s === undefined ? undefined : fn(s);
    } catch {
      return undefined;
    }
  };
  return {
    get<T>(key: string): T | undefined {
      const text = safely((s) => s.getItem(key));
      if (text === undefined || text === null) return undefined;
      let stored: StoredSessionValue<T>;
      try {
        stored = JSON.parse(text) as StoredSessionValue<T>;
      } catch {
        return undefined;
      }
      if (typeof stored !== 'object' || stored === null || !('value' in stored)) return undefined;
      if (typeof stored.expires === 'number' && stored.expires <= now()) {
        safely((s) => s.removeItem(key));
        return undefined;
      }
      return stored.value;
    },
    set(key, value, expires) {
      const stored: StoredSessionValue<unknown> =
        expires === undefined ? { value } : { value, expires };
      safely((s) => s.setItem(key, JSON.stringify(stored)));
    },
    remove(key) {
      safely((s) => s.removeItem(key));
    },
  };
}
