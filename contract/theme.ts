/**
 * The colour theme a visitor chose in the account menu (product.md, Pages): "system" follows the
 * device's light or dark setting. Kept in a cookie, so that the server draws the page's document
 * in that theme from its first byte (decision 033).
 */
export const THEME_COOKIE = 'stacklab_theme';
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return (THEME_CHOICES as readonly unknown[]).includes(value);
}

/** The `data-theme` the document's root element carries for a choice: none for "system", where CSS follows the device. */
export function documentThemeOf(choice: unknown): 'light' | 'dark' | undefined {
  return choice === 'light' || choice === 'dark' ? choice : undefined;
}
