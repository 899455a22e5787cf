import { describe, expect, it } from 'vitest';
import { decodeEntities, parseMarkdown, safeLinkTarget } from './markdown.ts';

describe('safeLinkTarget', () => {
  it('keeps http(s) and mailto', () => {
    expect(safeLinkTarget('https://ods.od.nih.gov/factsheets/VitaminD/')).toEqual({ href: 'https://ods.od.nih.gov/factsheets/VitaminD/', internal: false });
    expect(safeLinkTarget('http://example.com')).toEqual({ href: 'http://example.com/', internal: false });
    expect(safeLinkTarget('mailto:support@localhost')).toEqual({ href: 'mailto:support@localhost', internal: false });
  });

  it('turns citations into app paths (history day, biomarker chart)', () => {
    expect(safeLinkTarget('stacklab:day/2025-03-02')).toEqual({ href: '/supplement-history?date=2025-03-02', internal: true });
    expect(safeLinkTarget('stacklab:biomarker/vitamin-d-25-oh?date=2025-03-02')).toEqual({
      href: '/labs?biomarkers=vitamin-d-25-oh&date=2025-03-02',
      internal: true,
    });
    expect(safeLinkTarget('STACKLAB:day/2025-03-02')?.href).toBe('/supplement-history?date=2025-03-02');
  });

  it('refuses every other scheme and disguise', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      '//evil.example/x',
      '/relative',
      'https:\u0000//x',
      'stacklab:day/not-a-date',
      'stacklab:unknown/x',
      'stacklab:',
    ]) {
      expect(safeLinkTarget(href), href).toBeNull();
    }
  });
});

describe('decodeEntities', () => {
  it('decodes named and numeric entities, replacing impossible code points', () => {
    expect(decodeEntities('a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39; &#x1F600; &#65; &bogus;')).toBe(`a & b <c> "d" 'e' 😀 A &bogus;`);
    expect(decodeEntities('&#xD800; &#0;')).toBe('\ufffd \ufffd');
  });
});

/** Every string anywhere in the tree, and every link target. */
function collect(value: unknown, out: { text: string[]; hrefs: string[] } = { text: [], hrefs: [] }) {
  if (Array.isArray(value)) for (const item of value) collect(item, out);
  else if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if (node.type === 'link') out.hrefs.push(String(node.href));
    if (typeof node.text === 'string') out.text.push(node.text);
    for (const child of Object.values(node)) if (typeof child === 'object') collect(child, out);
  }
  return out;
}

describe('parseMarkdown', () => {
  it('reads paragraphs, bold, italic, inline code, lists and links', () => {
    expect(parseMarkdown('Your **vitamin D** is *up*: `42 ng/mL`.\n\n- one\n- two\n\n1. first\n2. second\n\nSee [the day](stacklab:day/2025-03-02).')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Your ' },
          { type: 'strong', children: [{ type: 'text', text: 'vitamin D' }] },
          { type: 'text', text: ' is ' },
          { type: 'em', children: [{ type: 'text', text: 'up' }] },
          { type: 'text', text: ': ' },
          { type: 'code', text: '42 ng/mL' },
          { type: 'text', text: '.' },
        ],
      },
      {
        type: 'list',
        ordered: false,
        start: null,
        items: [[{ type: 'paragraph', children: [{ type: 'text', text: 'one' }] }], [{ type: 'paragraph', children: [{ type: 'text', text: 'two' }] }]],
      },
      {
        type: 'list',
        ordered: true,
        start: 1,
        items: [[{ type: 'paragraph', children: [{ type: 'text', text: 'first' }] }], [{ type: 'paragraph', children: [{ type: 'text', text: 'second' }] }]],
      },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'See ' },
          { type: 'link', href: '/supplement-history?date=2025-03-02', internal: true, children: [{ type: 'text', text: 'the day' }] },
          { type: 'text', text: '.' },
        ],
      },
    ]);
  });

  it('shows raw HTML as text and never keeps a hostile link or an image', () => {
    const hostile = [
      '<img src=x onerror=alert(1)>',
      '<script>alert(1)</script>',
      '<a href="javascript:alert(1)">click</a>',
      '[click](javascript:alert(1))',
      '[click](&#106;avascript:alert(1))',
      '[click](<javascript:alert(1)>)',
      '[ref][x]\n\n[x]: javascript:alert(1)',
      '<javascript:alert(1)>',
      '![x](https://evil.example/track.png)',
      '<iframe src="https://evil.example"></iframe>',
      '<div onclick="alert(1)">**bold**</div>',
      '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '<svg><script>alert(1)</script></svg>',
    ].join('\n\n');
    const { hrefs, text } = collect(parseMarkdown(hostile));
    expect(hrefs).toEqual([]);
    // The words are still there to read, as text.
    expect(text.join(' ')).toContain('<img src=x onerror=alert(1)>');
    expect(text.join(' ')).toContain('click');
  });

  it('decodes entities in text, so "&lt;script&gt;" reads as text, not markup', () => {
    expect(parseMarkdown('5 &lt; 6 &amp;&amp; &lt;b&gt;')).toEqual([{ type: 'paragraph', children: [{ type: 'text', text: '5 < 6 && <b>' }] }]);
  });

  it('reads a table, a code block, a quote and a heading', () => {
    const blocks = parseMarkdown('## Latest\n\n| Marker | Value |\n|---|---|\n| Ferritin | 80 |\n\n```\nraw <b>\n```\n\n> quoted');
    expect(blocks.map((block) => block.type)).toEqual(['heading', 'table', 'code', 'quote']);
    expect(blocks[2]).toEqual({ type: 'code', text: 'raw <b>' });
  });

  it('parses text that is still streaming (an unclosed bold or link) without failing', () => {
    expect(() => parseMarkdown('Your **vita')).not.toThrow();
    expect(collect(parseMarkdown('See [the day](stacklab:day/2025-')).hrefs).toEqual([]);
  });
});

describe('names with brackets as the reader sees them', () => {
  const textOf = (source: string) => JSON.stringify(parseMarkdown(source));

  it('shows a built-in answer\u2019s linked name and a model\u2019s escaped one without backslashes', () => {
    const builtIn = textOf('You take [Fish Oil (Omega-3)](stacklab:supplement/s-1) at 1000 mg and [Vit \\[D\\]](stacklab:supplement/s-2).');
    expect(builtIn).toContain('Fish Oil (Omega-3)');
    expect(builtIn).toContain('Vit [D]');
    expect(builtIn).not.toContain('\\\\');
    const model = textOf('You take Fish Oil \\(Omega-3\\) and Vitamin\\_D.');
    expect(model).toContain('Fish Oil (Omega-3) and Vitamin_D.');
    expect(model).not.toContain('\\\\');
  });
});

