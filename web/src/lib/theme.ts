import { useSyncExternalStore } from 'react';
import { THEME_COOKIE, type ThemeChoice, documentThemeOf } from '#contract/theme.ts';

export type { ThemeChoice } from '#contract/theme.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The theme the page is drawn in, as the server wrote it on the root element from the cookie
 * (server/src/http/page-document.ts); no attribute means "system", which the stylesheet follows
 * through `prefers-color-scheme` (decision 033).
 */
export function currentThemeChoice(): ThemeChoice {
  return documentThemeOf(document.documentElement.dataset.theme) ?? 'system';
}

const listeners = new Set<() => void>();

/** The current choice, kept current as the user changes it (parts drawn outside CSS, like the toasts, follow it). */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentThemeChoice,
  );
}

/** Applies a choice at once and keeps it for the next document, which the server then draws in it. */
export function storeThemeChoice(choice: ThemeChoice): void {
  const root = document.documentElement;
  const theme = documentThemeOf(choice);
  if (theme) root.dataset.theme = theme;
  else delete root.dataset.theme;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${THEME_COOKIE}=${choice}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
  for (const listener of listeners) listener();
}
