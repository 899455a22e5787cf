import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown to the only HTML we ever serve for a post. Marked passes raw HTML through, so its
 * output is untrusted until sanitize-html has kept what an article needs and dropped the rest:
 *
 * - no scripts, no event handlers, no forms, frames, objects, SVG or MathML;
 * - links only to http(s), mailto or our own paths, never `javascript:` or `data:` however spelt;
 * - no `style`, `class` or `id` attributes: no CSS tricks (`expression(`, `url(javascript:`),
 *   no overlays positioned over the page with our own utility classes, no DOM clobbering;
 * - images only from our own paths (the page's CSP allows nothing else anyway).
 *
 * The post's title is the page's h1, so headings inside the content start at h2.
 */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6',
  'strong', 'em', 'del', 's', 'sub', 'sup', 'mark', 'abbr', 'small',
  'code', 'pre', 'kbd', 'blockquote',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'a', 'img', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
];

const OWN_PATH = /^\/(?!\/)[^\s\\]*$/;

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  // `rel` on links and `loading` on images are ours, added by the transforms below.
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    abbr: ['title'],
    ol: ['start'],
    th: ['align', 'colspan', 'rowspan', 'scope'],
    td: ['align', 'colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  // Contents of these are dropped along with the tag (the text of a script is never shown).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'svg', 'math', 'title'],
  transformTags: {
    h1: 'h2',
    b: 'strong',
    i: 'em',
    strike: 'del',
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:/i.test(href);
      return {
        tagName,
        attribs: external ? { ...attribs, rel: 'noopener noreferrer nofollow' } : attribs,
      };
    },
    img: (tagName, attribs) => {
      const src = attribs.src ?? '';
      // Only our own paths; anything else loses its source and is then dropped.
      const { src: _src, ...rest } = attribs;
      return { tagName, attribs: OWN_PATH.test(src) ? { ...rest, src, loading: 'lazy' } : rest };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Sanitised HTML from Markdown (or from HTML: the sanitiser is the same). */
export function renderMarkdown(source: string): string {
  const html = markdown.parse(source) as string;
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}

/** Plain text of Markdown, for descriptions and feeds. */
export function plainText(source: string): string {
  return sanitizeHtml(markdown.parse(source) as string, { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, ' ')
    .trim();
}
