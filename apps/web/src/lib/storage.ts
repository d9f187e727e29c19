/**
 * Owns every browser-storage key the app uses and safe access to them
 * (storage can be unavailable or throw in private modes).
 */

export const storageKeys = {
  userId: 'id',
  accessToken: 'accessToken',
  /** Reserved for the CRM token; unused while all CRM OAuth runs on the server. */
  crmToken: 'crmToken',
  darkMode: 'darkMode',
  email: 'email',
  username: 'username',
  language: 'language',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

function store(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(key: StorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Storage full or blocked: the app keeps working for this page's lifetime.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing to do when storage is blocked.
  }
}

export function getAccessToken(): string | null {
  return readStorage(storageKeys.accessToken);
}

export function setAccessToken(token: string): void {
  writeStorage(storageKeys.accessToken, token);
}

export function clearAccessToken(): void {
  removeStorage(storageKeys.accessToken);
}

export function getStoredUserId(): number | null {
  const raw = readStorage(storageKeys.userId);
  if (!raw) return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function setStoredUserId(id: number): void {
  writeStorage(storageKeys.userId, String(id));
}

export type SignedInAccount = { id: number; email: string; username: string; accessToken: string };

/** After sign-in the id, e-mail, username and access token are stored (spec 1, section 3). */
export function saveSignedInAccount(account: SignedInAccount): void {
  setStoredUserId(account.id);
  writeStorage(storageKeys.email, account.email);
  writeStorage(storageKeys.username, account.username);
  setAccessToken(account.accessToken);
}
