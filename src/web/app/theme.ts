import { useSyncExternalStore } from 'react';

export const THEME_STORAGE_KEY = 'theme';
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();
const darkQuery = () => window.matchMedia?.('(prefers-color-scheme: dark)');

function readChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return (THEME_CHOICES as readonly string[]).includes(stored ?? '') ? (stored as ThemeChoice) : 'system';
  } catch {
    return 'system';
  }
}

let choice: ThemeChoice = 'system';

function resolve(value: ThemeChoice): Theme {
  if (value !== 'system') return value;
  return darkQuery()?.matches ? 'dark' : 'light';
}

function apply(): void {
  document.documentElement.dataset.theme = resolve(choice);
  for (const listener of listeners) listener();
}

/** Reads the stored theme and sets data-theme on <html>; main.tsx calls it before the first render. */
export function initTheme(): void {
  choice = readChoice();
  apply();
  darkQuery()?.addEventListener('change', () => {
    if (choice === 'system') apply();
  });
}

/** Stores and applies a theme choice. */
export function setThemeChoice(next: ThemeChoice): void {
  choice = next;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Without storage the choice lasts until the tab closes.
  }
  apply();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user's choice (light, dark, system) and the theme actually shown. */
export function useTheme(): { choice: ThemeChoice; theme: Theme } {
  // The server renders 'system' (it cannot read the stored choice); hydration starts from the same.
  const current = useSyncExternalStore(subscribe, () => choice, () => 'system' as ThemeChoice);
  const theme = useSyncExternalStore(subscribe, () => resolve(choice), () => 'light' as Theme);
  return { choice: current, theme };
}
