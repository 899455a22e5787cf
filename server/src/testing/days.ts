/**
 * Noon of a UTC day (test users keep the default UTC zone), but never in the future: before noon,
 * today's noon would be refused, so today becomes the present moment instead.
 */
export function noonOf(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  return (noon.getTime() > Date.now() ? new Date() : noon).toISOString();
}
