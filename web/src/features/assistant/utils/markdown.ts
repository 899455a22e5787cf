import { type Token, type Tokens, marked } from 'marked';
import { CITATION_SCHEME, citationPath } from '#contract/assistant-texts.ts';

/**
 * An answer's Markdown as a small tree of the only things we render. Marked reads the Markdown;
 * this keeps what a chat answer needs and turns everything else into plain text, so no markup
 * from a model (or from a lab report it quotes) can reach the page as HTML: raw HTML is shown
 * as its text, images as their description, and links keep only http(s), mailto and
 * `stacklab:` citations (which become links inside the app).
 */
export type MdInline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em' | 'del'; children: MdInline[] }
  | { type: 'code'; text: string }
  | { type: 'break' }
  | { type: 'link'; href: string; internal: boolean; children: MdInline[] };

export type MdBlock =
  | { type: 'paragraph'; children: MdInline[] }
  | { type: 'heading'; level: number; children: MdInline[] }
  | { type: 'list'; ordered: boolean; start: number | null; items: MdBlock[][] }
  | { type: 'code'; text: string }
  | { type: 'quote'; children: MdBlock[] }
  | { type: 'rule' }
  | { type: 'table'; header: MdInline[][]; rows: MdInline[][][] };

/** Where a link may go: an app path for a citation, the address for http(s) and mailto, else nowhere. */
export function safeLinkTarget(rawHref: string): { href: string; internal: boolean } | null {
  const href = decodeEntities(rawHref).trim();
  if (href.toLowerCase().startsWith(CITATION_SCHEME)) {
    const path = citationPath(CITATION_SCHEME + href.slice(CITATION_SCHEME.length));
    return path ? { href: path, internal: true } : null;
  }
  // Anything with a control character or whitespace inside a scheme is a disguise; refuse it.
  if (!/^(https?:\/\/|mailto:)/i.test(href) || hasControlCharacter(href)) return null;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'mailto:') return null;
  return { href: url.href, internal: false };
}

function hasControlCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

/** Marked leaves entities as written; React shows text as text, so they are decoded here. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+|#39);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x') || lower.startsWith('#')) {
      const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10);
      const valid = Number.isFinite(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_ENTITIES[lower] ?? whole;
  });
}

function inlineOf(tokens: readonly Token[] | undefined): MdInline[] {
  const out: MdInline[] = [];
  const pushText = (text: string) => {
    if (text === '') return;
    const last = out.at(-1);
    if (last?.type === 'text') out[out.length - 1] = { type: 'text', text: last.text + text };
    else out.push({ type: 'text', text });
  };
  const pushAll = (nodes: MdInline[]) => {
    for (const node of nodes) {
      if (node.type === 'text') pushText(node.text);
      else out.push(node);
    }
  };
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
      case 'em':
      case 'del':
        out.push({ type: token.type, children: inlineOf((token as Tokens.Strong).tokens) });
        break;
      case 'codespan':
        out.push({ type: 'code', text: decodeEntities((token as Tokens.Codespan).text) });
        break;
      case 'br':
        out.push({ type: 'break' });
        break;
      case 'link': {
        const link = token as Tokens.Link;
        const target = safeLinkTarget(link.href);
        const children = inlineOf(link.tokens);
        if (target) out.push({ type: 'link', ...target, children });
        else pushAll(children);
        break;
      }
      case 'image':
        // Never fetched: an image address could carry data to a third party.
        pushText(decodeEntities((token as Tokens.Image).text));
        break;
      case 'text': {
        const text = token as Tokens.Text;
        if (text.tokens && text.tokens.length > 0) pushAll(inlineOf(text.tokens));
        else pushText(decodeEntities(text.text));
        break;
      }
      case 'escape':
        pushText((token as Tokens.Escape).text);
        break;
      default:
        // Raw HTML and anything unknown: shown as the text that was written, never interpreted.
        pushText('raw' in token && typeof token.raw === 'string' ? token.raw : '');
    }
  }
  return out;
}

function blocksOf(tokens: readonly Token[]): MdBlock[] {
  const out: MdBlock[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
        break;
      case 'paragraph':
        out.push({ type: 'paragraph', children: inlineOf((token as Tokens.Paragraph).tokens) });
        break;
      case 'text': {
        // Text directly in a list item (a "tight" list) reads as a paragraph without spacing.
        const text = token as Tokens.Text;
        out.push({ type: 'paragraph', children: text.tokens ? inlineOf(text.tokens) : [{ type: 'text', text: decodeEntities(text.text) }] });
        break;
      }
      case 'heading': {
        const heading = token as Tokens.Heading;
        out.push({ type: 'heading', level: heading.depth, children: inlineOf(heading.tokens) });
        break;
      }
      case 'list': {
        const list = token as Tokens.List;
        const start = list.ordered && typeof list.start === 'number' ? list.start : null;
        out.push({ type: 'list', ordered: list.ordered, start, items: list.items.map((item) => blocksOf(item.tokens)) });
        break;
      }
      case 'code':
        out.push({ type: 'code', text: (token as Tokens.Code).text });
        break;
      case 'blockquote':
        out.push({ type: 'quote', children: blocksOf((token as Tokens.Blockquote).tokens) });
        break;
      case 'hr':
        out.push({ type: 'rule' });
        break;
      case 'table': {
        const table = token as Tokens.Table;
        out.push({
          type: 'table',
          header: table.header.map((cell) => inlineOf(cell.tokens)),
          rows: table.rows.map((row) => row.map((cell) => inlineOf(cell.tokens))),
        });
        break;
      }
      default: {
        // Raw HTML blocks and anything unknown: their text, as written.
        const raw = 'raw' in token && typeof token.raw === 'string' ? token.raw.trim() : '';
        if (raw) out.push({ type: 'paragraph', children: [{ type: 'text', text: raw }] });
      }
    }
  }
  return out;
}

/** Reads an answer (complete or still streaming) into blocks that are safe to render. */
export function parseMarkdown(source: string): MdBlock[] {
  // GFM for tables and strikethrough; no HTML is ever produced, so marked's own sanitising is moot.
  return blocksOf(marked.lexer(source, { gfm: true, breaks: false }));
}
