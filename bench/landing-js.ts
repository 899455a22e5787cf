import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript the landing page loads, from the built dist/web, gzipped. Read from Vite's
 * manifest rather than a browser, so the figure does not depend on timing:
 * - `firstPaint`: the entry with its static imports (the HTML's script and modulepreloads), then
 *   the landing route's chunk and its static imports, which the router loads before it can draw.
 * - `withDeferred`: plus the pricing and sign-up sections (`landing-sections.tsx`), which the
 *   page loads once the visitor first scrolls, presses a key or taps.
 */
export type LandingJs = { firstPaint: Chunk[]; deferred: Chunk[]; firstPaintKiB: number; withDeferredKiB: number };
type Chunk = { file: string; gzipBytes: number };
type ManifestEntry = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };

const ENTRY = 'index.html';
const LANDING_ROUTE = 'src/app/routes/landing.tsx';
const LANDING_SECTIONS = 'src/app/routes/parts/landing-sections.tsx';

function readManifest(webDir: string): Record<string, ManifestEntry> {
  return JSON.parse(readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
}

/** The manifest keys these load before they run, themselves included: their static imports, transitively, minus those `seen`. */
function staticClosure(manifest: Record<string, ManifestEntry>, keys: string[], seen = new Set<string>()): string[] {
  const found: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const entry = manifest[key];
    if (!entry) throw new Error(`${key} is not in the Vite manifest: was the web built?`);
    seen.add(key);
    found.push(key);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return found;
}

/** The files a page's route loads before it can draw: the entry's and the route chunk's static imports. */
export function filesBeforeDrawing(route: string, webDir = 'dist/web'): string[] {
  const manifest = readManifest(webDir);
  return staticClosure(manifest, [ENTRY, route]).map((key) => manifest[key]!.file);
}

export function measureLandingJs(webDir = 'dist/web'): LandingJs {
  const manifest = readManifest(webDir);
  const closure = (keys: string[], seen: Set<string>) => staticClosure(manifest, keys, seen);
  const chunk = (key: string): Chunk => {
    const file = manifest[key]!.file;
    return { file, gzipBytes: gzipSync(readFileSync(path.join(webDir, file))).length };
  };
  const seen = new Set<string>();
  const firstPaint = closure([ENTRY, LANDING_ROUTE], seen).map(chunk);
  const deferred = closure([LANDING_SECTIONS], seen).map(chunk);
  const kib = (chunks: Chunk[]) => chunks.reduce((sum, item) => sum + item.gzipBytes, 0) / 1024;
  return {
    firstPaint,
    deferred,
    firstPaintKiB: round(kib(firstPaint)),
    withDeferredKiB: round(kib(firstPaint) + kib(deferred)),
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
