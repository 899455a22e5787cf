/**
 * Avatar initials (product.md, Pages): from the name when there is one (first and last word),
 * else the first two letters of the username.
 */
export function initialsFor(user: { name: string | null; username: string }): string {
  const words = (user.name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const first = Array.from(words[0]!)[0] ?? '';
    const last = words.length > 1 ? (Array.from(words[words.length - 1]!)[0] ?? '') : '';
    return (first + last).toUpperCase();
  }
  return Array.from(user.username.trim()).slice(0, 2).join('').toUpperCase();
}

/** What the account menu calls the user: the name, else the username. */
export function displayNameFor(user: { name: string | null; username: string }): string {
  const name = user.name?.trim();
  return name ? name : user.username;
}
