import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

function html(source: string): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <Markdown source={source} />
    </MemoryRouter>,
  );
}

describe('Markdown (rendered)', () => {
  it('renders hostile input inert: no element, handler or script URL of its own reaches the DOM', () => {
    const out = html(
      [
        'Hi <img src=x onerror=alert(1)>',
        '<script>alert(1)</script>',
        '[a](javascript:alert(1)) [b](JAVASCRIPT:alert(1)) [c](&#106;avascript:alert(1))',
        '<a href="javascript:alert(2)">x</a>',
        '![pixel](https://evil.example/p.png)',
        '<iframe src="https://evil.example"></iframe>',
        '<style>body{display:none}</style>',
      ].join('\n\n'),
    );
    // Real tags can only come from React (text "<" is escaped): list them and their attributes.
    const tags = [...out.matchAll(/<([a-z0-9]+)([^>]*)>/gi)];
    expect(new Set(tags.map((tag) => tag[1]))).toEqual(new Set(['div', 'p']));
    for (const [, , attributes = ''] of tags) {
      for (const [, name] of attributes.matchAll(/\s([\w-]+)=/g)) expect(['class', 'href', 'target', 'rel', 'start']).toContain(name);
    }
    expect(out).not.toMatch(/href="(?!\/|https?:|mailto:)/i);
    // Shown as text instead.
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('renders citations as links inside the app and other links safely in a new tab', () => {
    const out = html('[on March 2](stacklab:day/2025-03-02), [ferritin](stacklab:biomarker/ferritin), [NIH](https://ods.od.nih.gov/)');
    expect(out).toContain('href="/supplement-history?date=2025-03-02"');
    expect(out).toContain('href="/labs?biomarkers=ferritin"');
    expect(out).toContain('href="https://ods.od.nih.gov/" target="_blank" rel="noopener noreferrer nofollow"');
  });

  it('renders paragraphs, emphasis, lists and inline code as elements', () => {
    const out = html('**Bold** and *it*\n\n- a\n- `b`');
    expect(out).toContain('<strong>Bold</strong>');
    expect(out).toContain('<em>it</em>');
    expect(out).toMatch(/<ul[^>]*><li/);
    expect(out).toMatch(/<code[^>]*>b<\/code>/);
  });
});
