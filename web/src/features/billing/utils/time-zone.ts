/** The browser's time zone, so that "today" and streaks follow the user's day (product.md, Plans and billing). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
