const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/[\d.]+/, 'Edge'],
  [/OPR\/[\d.]+|Opera/, 'Opera'],
  [/SamsungBrowser\/[\d.]+/, 'Samsung Internet'],
  [/Firefox\/[\d.]+|FxiOS\/[\d.]+/, 'Firefox'],
  [/Chrome\/[\d.]+|CriOS\/[\d.]+|Chromium\/[\d.]+/, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on macOS" from a user-agent string; the raw text stays available as a tooltip. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent?.trim()) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return system;
  const first = userAgent.trim().split(/\s+/)[0] ?? '';
  return first.length > 40 ? `${first.slice(0, 40)}…` : first;
}
