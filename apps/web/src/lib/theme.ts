/** Owns the light/dark theme: the `dark` class on <html>, saved as `darkMode`. */
import { readStorage, storageKeys, writeStorage } from './storage';

type Listener = () => void;
const listeners = new Set<Listener>();

function systemPrefersDark(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches === true
  );
}

function initialDarkMode(): boolean {
  const saved = readStorage(storageKeys.darkMode);
  if (saved === 'true') return true;
  if (saved === 'false') return false;
  return systemPrefersDark();
}

let darkMode = initialDarkMode();

export function applyDarkMode(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

export function isDarkMode(): boolean {
  return darkMode;
}

export function setDarkMode(dark: boolean): void {
  darkMode = dark;
  writeStorage(storageKeys.darkMode, String(dark));
  applyDarkMode(dark);
  listeners.forEach((listener) => listener());
}

export function subscribeDarkMode(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
