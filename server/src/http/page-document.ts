import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { dehydrate, QueryClient } from '@tanstack/query-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '#contract/auth.ts';
import { firstQueriesOf, PAGE_DATA_ELEMENT_ID, USER_QUERY_KEY } from '#contract/page-data.ts';
import { CONSENT_ANSWERS, CONSENT_COOKIE, isStandalone, matchRoute, type Screen } from '#contract/routes.ts';
import { THEME_COOKIE, documentThemeOf } from '#contract/theme.ts';
import { matchedPath } from './access.ts';
import type { SessionUser } from '#server/domain/user.ts';

/** A page's title, description and Open Graph tags, for the pages that have their own (learn and research posts). */
export type PageMeta = {
  title: string;
  description: string;
  path: string;
  type: 'website' | 'article';
  image?: string | undefined;
  publishedAt?: string | undefined;
};

/** What Vite's build manifest says of one module: its file, and the chunks it imports. */
type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] };

/** The config of a route that answers with a page document: anyone may ask, and it tells who is signed in. */
export const PAGE_ROUTE_CONFIG = { access: 'public', readsUsage: true } as const;

type Options = {
  publicUrl: string;
  /** The user a session names, exactly as `GET /api/session` gives it. */
  sessionUser: (session: SessionUser | null) => Promise<User | null>;
  /** This request's user's answer to `GET path` from our own API, as its JSON text, or undefined when it is not a 200. */
  answer: (request: FastifyRequest, path: string) => Promise<string | undefined>;
};

/** A larger answer (a long lab history) is left for the page to ask for: the document stays small. */
const MAX_ANSWER_CHARS = 100_000;

const compress = { br: promisify(brotliCompress), gzip: promisify(gzip) };

/**
 * The HTML document of every page: the built index.html, with for this request
 * - the answers to the page's first queries (contract/page-data.ts) as the web's query cache
 *   holds them: who is signed in, as `GET /api/session` names them, and the data the page this
 *   address shows them draws first, as our API answers it, so that the app draws the page
 *   complete at once instead of asking for each part after its code has loaded;
 * - `modulepreload` links for the app's code and that page's, so that they download while the
 *   entry paints the shell, rather than one after the other as each asks for the next (Vite's
 *   manifest names the chunks: the entry's dynamic imports and `src/app/routes/<screen>.tsx`);
 * - a page's own title and Open Graph tags where a route gives them (blog posts);
 * - the colour theme the visitor chose (its cookie) on the root element, so that the page paints
 *   in it from the first byte; without one, the stylesheet follows the device (decision 033);
 * and the shell index.html draws until the app does (header, spinner, cookie banner), without
 * the cookie banner once the visitor has answered it, and without any of it on a page drawn
 * outside the app's layout (a share link). A document that carries a user is never stored by a cache.
 */
export class PageDocuments {
  private readonly preloads = new Map<Screen, string>();

  /** index.html with its whole shell, without the cookie banner, and without any shell. */
  private readonly templates: Record<'withBanner' | 'withoutBanner' | 'bare', string>;

  private constructor(
    /** The built web app: index.html, the manifest and the assets. */
    readonly webDir: string,
    template: string,
    private readonly manifest: Record<string, ManifestChunk>,
    private readonly options: Options,
  ) {
    const withoutBanner = cutMarked(template, 'cookie-banner');
    this.templates = { withBanner: template, withoutBanner, bare: cutMarked(withoutBanner, 'shell') };
  }

  /** The built web app in `webDir`, or undefined when there is none (an API-only process, or tests). */
  static load(webDir: string, options: Options): PageDocuments | undefined {
    const indexFile = path.join(webDir, 'index.html');
    if (!existsSync(indexFile)) return undefined;
    // Not served: the static handler skips dot-directories. A build without it only loses the preloads.
    const manifestFile = path.join(webDir, '.vite', 'manifest.json');
    const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : {};
    return new PageDocuments(webDir, readFileSync(indexFile, 'utf8'), manifest, options);
  }

  /** Sends the document for a request of a route with PAGE_ROUTE_CONFIG, compressed when the browser takes it. */
  async send(request: FastifyRequest, reply: FastifyReply, page: { meta?: PageMeta; status?: number } = {}): Promise<FastifyReply> {
    const user = await this.options.sessionUser(request.auth);
    const { screen, params } = matchRoute(matchedPath(request), user ? { status: 'signed-in', isAdmin: user.isAdmin } : { status: 'signed-out' });
    const queries = firstQueriesOf(screen, user, { params });
    const found = await Promise.all(queries.map((query) => this.options.answer(request, query.path)));
    // The web's query cache as it would hold these answers: TanStack Query's own dehydrated state.
    const cache = new QueryClient();
    cache.setQueryData(USER_QUERY_KEY, user);
    queries.forEach(({ queryKey }, i) => {
      const json = found[i];
      if (json !== undefined && json.length <= MAX_ANSWER_CHARS) cache.setQueryData(queryKey, JSON.parse(json));
    });
    const data = JSON.stringify(dehydrate(cache));
    const consentAnswered = (CONSENT_ANSWERS as readonly (string | undefined)[]).includes(request.cookies[CONSENT_COOKIE]);
    const theme = documentThemeOf(request.cookies[THEME_COOKIE]);
    const html = this.render({ screen, data, consentAnswered, theme, meta: page.meta });

    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    reply
      .status(page.status ?? 200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', user ? 'private, no-store' : 'no-cache')
      .header('vary', 'accept-encoding, cookie');
    if (!encoding) return reply.send(html);
    const body = encoding === 'br' ? await compress.br(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : await compress.gzip(html);
    return reply.header('content-encoding', encoding).send(body);
  }

  private render({ screen, data, consentAnswered, theme, meta }: {
    screen: Screen;
    data: string;
    consentAnswered: boolean;
    theme: 'light' | 'dark' | undefined;
    meta: PageMeta | undefined;
  }): string {
    const template = isStandalone(screen) ? this.templates.bare : consentAnswered ? this.templates.withoutBanner : this.templates.withBanner;
    const head = [meta ? this.metaTags(meta) : '', dataBlock(data)].filter(Boolean).join('\n    ');
    // Every insertion goes through a replacer function: a replacement string would read `$&`,
    // `$\`` and `$'` in a user's data as patterns and splice the template into it.
    let html = template.replace(/\n?[ \t]*<\/head>/, () => `\n    ${head}\n  </head>`);
    if (theme) html = html.replace(/<html\b/, () => `<html data-theme="${theme}"`);
    // After the app's own script, so that the browser asks for that first.
    const preloads = this.preloadsFor(screen);
    if (preloads) html = html.replace(/\n?[ \t]*<\/body>/, () => `\n    ${preloads}\n  </body>`);
    if (meta) {
      html = html
        .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeText(`${meta.title} · StackLab`)}</title>`)
        .replace(/<meta\s+name="description"[^>]*>/, () => `<meta name="description" content="${escapeAttribute(meta.description)}" />`);
    }
    return html;
  }

  /**
   * The chunks the entry starts once it has painted (the app: web/src/main.tsx), then the page's
   * own, less what the entry loads itself; each once, in that order, which is the order the
   * browser asks for them.
   */
  private preloadsFor(screen: Screen): string {
    let links = this.preloads.get(screen);
    if (links === undefined) {
      const loadedByEntry = this.chunkFiles('index.html');
      const files = new Set<string>();
      for (const started of this.manifest['index.html']?.dynamicImports ?? []) this.chunkFiles(started, files);
      this.chunkFiles(`src/app/routes/${screen}.tsx`, files);
      links = [...files]
        .filter((file) => !loadedByEntry.has(file))
        .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${escapeAttribute(file)}" />`)
        .join('\n    ');
      this.preloads.set(screen, links);
    }
    return links;
  }

  /** A module's chunk and every chunk it imports statically, however deep. */
  private chunkFiles(key: string, files = new Set<string>()): Set<string> {
    const chunk = this.manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) this.chunkFiles(imported, files);
    return files;
  }

  private metaTags(meta: PageMeta): string {
    const site = this.options.publicUrl.replace(/\/$/, '');
    const url = `${site}${meta.path}`;
    return [
      `<link rel="canonical" href="${escapeAttribute(url)}" />`,
      `<link rel="alternate" type="application/rss+xml" title="StackLab" href="${escapeAttribute(`${site}/rss.xml`)}" />`,
      `<meta property="og:site_name" content="StackLab" />`,
      `<meta property="og:type" content="${meta.type}" />`,
      `<meta property="og:title" content="${escapeAttribute(meta.title)}" />`,
      `<meta property="og:description" content="${escapeAttribute(meta.description)}" />`,
      `<meta property="og:url" content="${escapeAttribute(url)}" />`,
      ...(meta.image ? [`<meta property="og:image" content="${escapeAttribute(`${site}${meta.image}`)}" />`] : []),
      ...(meta.publishedAt ? [`<meta property="article:published_time" content="${escapeAttribute(meta.publishedAt)}" />`] : []),
      `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    ].join('\n    ');
  }
}

/** The template without the part between `<!-- name... -->` and `<!-- /name -->` (and its line's indent). */
function cutMarked(template: string, name: string): string {
  return template.replace(new RegExp(`[ \\t]*<!-- ${name}\\b[\\s\\S]*?<!-- /${name} -->\\n?`), '');
}

/**
 * The JSON in a data block, which the browser never runs (our policy allows no inline script
 * anyway). `<` is escaped so that no text of the user's can close the element.
 */
function dataBlock(data: string): string {
  const json = data.replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`;
}

export function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}
