import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_MESSAGES, BLOG_THUMBNAIL_MAX_BYTES } from '#contract/blog.ts';
import { buildApp } from '#server/app.ts';
import { blogPosts, blogSeededPosts, blogSlugRedirects } from '#server/db/schema/index.ts';
import { adminClient, callers } from '#server/features/admin/admin.test-helpers.ts';
import { multipart } from '#server/features/labs/labs.test-helpers.ts';
import { makeHugePng } from '#server/labs/extract/test-fixtures.ts';
import { StoredFileMissingError } from '#server/storage/file-store.ts';
import { createFileStore } from '#server/storage/create-file-store.ts';
import { type TestApp, type TestClient, TestClient as Client, createTestApp, discardedLogs, signedInClient } from '#server/testing/test-app.ts';
import { ensureSeedThumbnails, seedBlogPosts, seedThumbnailKey } from './blog.seed.ts';
import { SEED_POSTS } from './seed-posts.data.ts';

let t: TestApp;
let anonymous: TestClient;
let user: Awaited<ReturnType<typeof signedInClient>>;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  t = await createTestApp();
  ({ anonymous, user, admin } = await callers(t));
});
afterAll(() => t.close());

const ZERO_ID = '00000000-0000-4000-8000-000000000000';
const store = () => createFileStore(t.config.storage);
let counter = 0;
const postBody = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    section: 'learn',
    title: `Zinc and Copper, Part ${counter} ${Math.random().toString(36).slice(2, 6)}`,
    excerpt: 'How the two minerals compete for absorption.',
    contentMarkdown: '## Why it matters\n\nZinc **lowers** copper absorption.\n\n- one\n- two',
    citations: [],
    ...overrides,
  };
};
const citation = {
  title: 'Vitamin D Supplements and Prevention of Cancer and Cardiovascular Disease',
  authors: 'Manson JE, Cook NR, Lee IM, et al.',
  year: 2019,
  journal: 'New England Journal of Medicine',
  doi: '10.1056/NEJMoa1809944',
  pubmedId: '30415629',
  url: 'https://doi.org/10.1056/NEJMoa1809944',
};

async function createPost(overrides: Record<string, unknown> = {}, client = admin.client) {
  const response = await client.post('/api/admin/blog', postBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function publishedPost(overrides: Record<string, unknown> = {}) {
  const post = await createPost(overrides);
  const published = await admin.client.post(`/api/admin/blog/${post.id}/publish`);
  expect(published.statusCode, published.body).toBe(200);
  return published.json();
}
function uploadThumbnail(id: string, bytes: Uint8Array, fileName = 'thumb.png', field = 'file') {
  const { payload, headers } = multipart(bytes, fileName, { field, contentType: 'image/png' });
  return admin.client.request({ method: 'PUT', url: `/api/admin/blog/${id}/thumbnail`, payload, headers });
}

describe('access: admin blog calls are 404 to anonymous visitors and users', () => {
  it.each([
    ['GET', '/api/admin/blog'],
    ['GET', `/api/admin/blog/${ZERO_ID}`],
    ['POST', '/api/admin/blog'],
    ['POST', '/api/admin/blog/preview'],
    ['PUT', `/api/admin/blog/${ZERO_ID}`],
    ['DELETE', `/api/admin/blog/${ZERO_ID}`],
    ['POST', `/api/admin/blog/${ZERO_ID}/publish`],
    ['POST', `/api/admin/blog/${ZERO_ID}/unpublish`],
    ['PUT', `/api/admin/blog/${ZERO_ID}/thumbnail`],
    ['DELETE', `/api/admin/blog/${ZERO_ID}/thumbnail`],
  ])('%s %s', async (method, url) => {
    const payload = method === 'POST' || method === 'PUT' ? postBody() : undefined;
    for (const client of [anonymous, user.client]) {
      const response = await client.request({ method, url, payload: payload as never });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Not found');
    }
    const response = await admin.client.request({ method, url, payload: payload as never });
    expect(response.json().message ?? '').not.toBe('Not found');
  });
});

describe('public list and post', () => {
  it('answers the seeded posts, 6 a page, newest first, for anyone', async () => {
    const first = await anonymous.get('/api/blog?section=research');
    expect(first.statusCode).toBe(200);
    const research = first.json();
    expect(research.pagination).toEqual({ page: 1, pageSize: 6, total: 4, totalPages: 1 });
    expect(research.posts.map((p: { slug: string }) => p.slug)).toContain('biotin-and-thyroid-tests');
    const dates = research.posts.map((p: { publishedAt: string }) => p.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(Object.keys(research.posts[0]).sort()).toEqual(['excerpt', 'id', 'publishedAt', 'section', 'slug', 'thumbnailUrl', 'title']);
  });

  it('paginates for real: page 2 holds the rest, drafts are never listed', async () => {
    const fresh = await createTestApp();
    try {
      const boss = await adminClient(fresh);
      await boss.client.post('/api/admin/blog', postBody({ title: 'A draft that stays hidden' }));
      const created = (await boss.client.post('/api/admin/blog', postBody({ title: 'Newest learn post' }))).json();
      await boss.client.post(`/api/admin/blog/${created.id}/publish`);
      const page1 = (await new Client(fresh.app).get('/api/blog?section=learn&page=1')).json();
      const page2 = (await new Client(fresh.app).get('/api/blog?section=learn&page=2')).json();
      expect(page1.pagination).toEqual({ page: 1, pageSize: 6, total: 7, totalPages: 2 });
      expect(page1.posts).toHaveLength(6);
      expect(page1.posts[0].slug).toBe('newest-learn-post');
      expect(page2.posts).toHaveLength(1);
      expect(page2.pagination.page).toBe(2);
      const all = [...page1.posts, ...page2.posts].map((p: { slug: string }) => p.slug);
      expect(new Set(all).size).toBe(7);
      expect(all).not.toContain('a-draft-that-stays-hidden');
      expect((await new Client(fresh.app).get('/api/blog?section=learn&page=3')).json().posts).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('refuses a bad section or page', async () => {
    expect((await anonymous.get('/api/blog?section=news')).statusCode).toBe(400);
    expect((await anonymous.get('/api/blog?page=0')).statusCode).toBe(400);
    expect((await anonymous.get('/api/blog?page=abc')).statusCode).toBe(400);
  });

  it('answers one published post with its HTML and citations; drafts and unknown slugs are "Post not found"', async () => {
    const seeded = await anonymous.get('/api/blog/what-vital-taught-us-about-vitamin-d');
    expect(seeded.statusCode).toBe(200);
    const post = seeded.json();
    expect(post).toMatchObject({ section: 'research', title: 'What the Large Vitamin D Trials Found', content: expect.stringContaining('<h2>') });
    expect(post.citations[0]).toMatchObject({ year: expect.any(Number), url: expect.stringMatching(/^https:\/\//) });

    const draft = await createPost();
    for (const slug of [draft.slug, 'no-such-post']) {
      for (const client of [anonymous, admin.client]) {
        const response = await client.get(`/api/blog/${slug}`);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(BLOG_MESSAGES.postNotFound);
      }
    }
  });
});

describe('writing posts', () => {
  it('creates a draft with a slug made from the title, and edits it', async () => {
    const created = await createPost({ title: 'Omega-3: EPA & DHA, Explained!' });
    expect(created).toMatchObject({
      slug: 'omega-3-epa-dha-explained',
      section: 'learn',
      published: false,
      publishedAt: null,
      content: expect.stringContaining('<strong>lowers</strong>'),
      contentMarkdown: expect.stringContaining('**lowers**'),
      citations: [],
      thumbnailUrl: null,
    });
    const edited = await admin.client.put(`/api/admin/blog/${created.id}`, postBody({ title: 'Omega-3 basics', slug: 'omega-3-basics', contentMarkdown: '# Heading\n\nNew text' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Omega-3 basics', slug: 'omega-3-basics', content: '<h2>Heading</h2>\n<p>New text</p>' });
    expect((await admin.client.get(`/api/admin/blog/${created.id}`)).json().slug).toBe('omega-3-basics');
    // Without a slug, an edit keeps the post's address.
    const kept = await admin.client.put(`/api/admin/blog/${created.id}`, postBody({ title: 'Renamed entirely' }));
    expect(kept.json().slug).toBe('omega-3-basics');
  });

  it.each([
    [{ title: '' }, 'title', BLOG_MESSAGES.titleRequired],
    [{ title: undefined }, 'title', BLOG_MESSAGES.titleRequired],
    [{ excerpt: ' ' }, 'excerpt', BLOG_MESSAGES.excerptRequired],
    [{ contentMarkdown: '' }, 'contentMarkdown', BLOG_MESSAGES.contentRequired],
    [{ section: 'news' }, 'section', 'Section must be learn or research'],
    [{ slug: 'Not A Slug!' }, 'slug', BLOG_MESSAGES.slugFormat],
    [{ slug: 'double--dash' }, 'slug', BLOG_MESSAGES.slugFormat],
    [{ slug: 'thumbnails' }, 'slug', 'This slug is reserved; please choose another'],
    [{ citations: [{ ...citation, doi: 'not-a-doi' }] }, 'citations.0.doi', 'DOI must look like 10.1056/NEJMoa1809944'],
    [{ citations: [{ ...citation, pubmedId: 'PMC123' }] }, 'citations.0.pubmedId', 'PubMed id must be a number like 30415629'],
    [{ citations: [{ ...citation, url: 'javascript:alert(1)' }] }, 'citations.0.url', 'Link must be a web address starting with http:// or https://'],
    [{ citations: [{ ...citation, title: '' }] }, 'citations.0.title', 'Study title is required'],
    [{ citations: [{ ...citation, year: 19 }] }, 'citations.0.year', 'Year must be a year like 2019'],
    [{ citations: [{ ...citation, doi: null, pubmedId: null, url: null }] }, 'citations.0.url', 'Give a DOI, a PubMed id or a link for each study'],
  ])('refuses %j with a message on %s', async (override, field, message) => {
    const response = await admin.client.post('/api/admin/blog', postBody(override));
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ field, message });
  });

  it('reads DOIs given as links and derives a missing study link from the DOI or PubMed id', async () => {
    const created = await createPost({
      section: 'research',
      citations: [
        { ...citation, doi: 'https://doi.org/10.1001/jama.2017.13565', pubmedId: null, url: null },
        { ...citation, doi: null, pubmedId: '27362288', url: '' },
      ],
    });
    expect(created.citations[0]).toMatchObject({ doi: '10.1001/jama.2017.13565', url: 'https://doi.org/10.1001/jama.2017.13565' });
    expect(created.citations[1]).toMatchObject({ doi: null, pubmedId: '27362288', url: 'https://pubmed.ncbi.nlm.nih.gov/27362288/' });
  });

  it('answers a taken slug with 409 on slug and a free one to use', async () => {
    await createPost({ slug: 'magnesium-glycinate' });
    const clash = await admin.client.post('/api/admin/blog', postBody({ slug: 'Magnesium-Glycinate' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'CONFLICT',
      details: [{ field: 'slug', message: 'This slug is already used by another post. "magnesium-glycinate-2" is free.' }],
    });
    // A seeded post's slug is taken as well, and on edit too.
    const mine = await createPost();
    const edit = await admin.client.put(`/api/admin/blog/${mine.id}`, postBody({ slug: 'iron-and-ferritin-explained' }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().details[0].message).toContain('"iron-and-ferritin-explained-2" is free');
    // A title whose slug is taken gets the next free one without asking.
    const a = await createPost({ title: 'Same Title Twice' });
    const b = await createPost({ title: 'Same title twice' });
    const c = await createPost({ title: 'Same title twice' });
    expect([a.slug, b.slug, c.slug]).toEqual(['same-title-twice', 'same-title-twice-2', 'same-title-twice-3']);
  });

  it('publishes and unpublishes, keeping the first publication date', async () => {
    const post = await publishedPost();
    expect(post.published).toBe(true);
    const firstDate = post.publishedAt;
    expect((await anonymous.get(`/api/blog/${post.slug}`)).statusCode).toBe(200);
    const hidden = (await admin.client.post(`/api/admin/blog/${post.id}/unpublish`)).json();
    expect(hidden).toMatchObject({ published: false, publishedAt: firstDate });
    expect((await anonymous.get(`/api/blog/${post.slug}`)).statusCode).toBe(404);
    const again = (await admin.client.post(`/api/admin/blog/${post.id}/publish`)).json();
    expect(again.publishedAt).toBe(firstDate);
  });

  it('publishes a research post only with at least one cited study', async () => {
    const post = await createPost({ section: 'research' });
    const refused = await admin.client.post(`/api/admin/blog/${post.id}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: 'citations', message: BLOG_MESSAGES.researchNeedsCitation }]);
    await admin.client.put(`/api/admin/blog/${post.id}`, postBody({ section: 'research', slug: post.slug, citations: [citation] }));
    expect((await admin.client.post(`/api/admin/blog/${post.id}/publish`)).statusCode).toBe(200);
    // Removing the last study from a published research post is refused too.
    const emptied = await admin.client.put(`/api/admin/blog/${post.id}`, postBody({ section: 'research', slug: post.slug, citations: [] }));
    expect(emptied.statusCode).toBe(400);
    const shown = (await anonymous.get(`/api/blog/${post.slug}`)).json();
    expect(shown.citations).toEqual([citation]);
  });

  it('lists drafts and published posts for admins, searched and by section', async () => {
    const draft = await createPost({ title: 'Searchable Xylophone Draft' });
    const list = (await admin.client.get('/api/admin/blog?q=xylophone')).json();
    expect(list.posts).toEqual([expect.objectContaining({ id: draft.id, published: false, citationCount: 0 })]);
    const research = (await admin.client.get('/api/admin/blog?section=research&pageSize=100')).json();
    expect(research.posts.every((p: { section: string }) => p.section === 'research')).toBe(true);
  });

  it('deletes a post', async () => {
    const post = await publishedPost();
    expect((await admin.client.delete(`/api/admin/blog/${post.id}`)).json()).toEqual({ ok: true, message: 'Post deleted successfully' });
    expect((await anonymous.get(`/api/blog/${post.slug}`)).statusCode).toBe(404);
    expect((await admin.client.delete(`/api/admin/blog/${post.id}`)).json().message).toBe(BLOG_MESSAGES.postNotFound);
  });
});

describe('sanitised content', () => {
  const hostile = [
    '# Title',
    '',
    'Before <script>document.cookie</script> after.',
    '',
    '<img src="x" onerror="alert(1)"> <img src="/api/blog/thumbnails/x" onerror="alert(2)">',
    '',
    '[plain](javascript:alert(3)) [entity](&#106;avascript:alert(4)) [tab](jav&#x09;ascript:alert(5)) [data](data:text/html;base64,PHNjcmlwdD4=)',
    '',
    '<a href="https://example.com" onclick="steal()" target="_blank">ok link</a>',
    '',
    '<p style="width: expression(alert(6))">expr</p>',
    '<div style="background:url(javascript:alert(7))">bg</div>',
    '<div class="fixed inset-0 z-50 bg-white" style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</div>',
    '<style>body { display: none }</style>',
    '<svg onload="alert(8)"><circle r="5"/></svg>',
    '<iframe src="https://evil.example"></iframe>',
    '<form action="https://evil.example"><input name="password"><button>Sign in</button></form>',
    '<a id="defaultView" name="location">clobber</a>',
    '<meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/">',
  ].join('\n');

  function assertInert(html: string) {
    expect(html).not.toMatch(/<script|<style|<svg|<iframe|<form|<input|<meta|<base|<button/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:|data:text|expression\(|style=|class=|\sid=|\sname=/i);
    expect(html).not.toContain('document.cookie');
    expect(html).not.toContain('target=');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">ok link</a>');
    expect(html).toContain('<img src="/api/blog/thumbnails/x" loading="lazy" />');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('overlay');
  }

  it('stores and serves only inert HTML, and the preview renders by the same rules', async () => {
    const post = await publishedPost({ contentMarkdown: hostile });
    assertInert(post.content);
    const served = (await anonymous.get(`/api/blog/${post.slug}`)).json().content;
    assertInert(served);
    expect(served).toBe(post.content);
    const preview = await admin.client.post('/api/admin/blog/preview', { contentMarkdown: hostile });
    expect(preview.json().html).toBe(post.content);
    // The Markdown is kept as written, for the editor.
    expect((await admin.client.get(`/api/admin/blog/${post.id}`)).json().contentMarkdown).toBe(hostile);
  });

  it('escapes hostile titles and excerpts in the feed and the pages', async () => {
    const post = await publishedPost({ title: '</title><script>alert(1)</script>', excerpt: '"><img src=x onerror=alert(1)>' });
    const feed = (await anonymous.get('/rss.xml')).body;
    expect(feed).toContain('&lt;/title&gt;&lt;script&gt;');
    expect(feed).not.toContain('<script>alert(1)');
    expect(post.slug).toBe('title-script-alert-1-script');
  });
});

describe('thumbnails', () => {
  it('re-encodes an uploaded image without its metadata and serves it to everyone once published', async () => {
    const photo = await sharp({ create: { width: 2400, height: 1350, channels: 3, background: '#0f766e' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    const post = await createPost();
    const uploaded = await uploadThumbnail(post.id, photo, 'holiday.png');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = uploaded.json().thumbnailUrl;
    expect(url).toMatch(/^\/api\/blog\/thumbnails\/[a-z0-9-]+$/);

    // A draft's image is the admin's only.
    expect((await anonymous.get(url)).statusCode).toBe(404);
    const asAdmin = await admin.client.get(url);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');

    await admin.client.post(`/api/admin/blog/${post.id}/publish`);
    const image = await anonymous.get(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(1600);
    expect(image.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect((await anonymous.get(`/api/blog/${post.slug}`)).json().thumbnailUrl).toBe(url);
  });

  it('rasterises SVG (scripts and all) to PNG, so no SVG is ever served', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 36" onload="alert(1)"><script>alert(2)</script><rect width="64" height="36" fill="#f59e0b"/></svg>',
    );
    const post = await createPost();
    const uploaded = await uploadThumbnail(post.id, svg, 'logo.svg');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const image = await admin.client.get(uploaded.json().thumbnailUrl);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(1280);
  });

  it('judges the type by content and refuses what is not an image (415), empty (400), too large (413) or the wrong field', async () => {
    const post = await createPost();
    const html = await uploadThumbnail(post.id, Buffer.from('<html><script>alert(1)</script></html>'), 'thumb.png');
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toBe(BLOG_MESSAGES.thumbnailType);
    expect((await uploadThumbnail(post.id, new Uint8Array(), 'empty.png')).statusCode).toBe(400);
    const big = await uploadThumbnail(post.id, new Uint8Array(BLOG_THUMBNAIL_MAX_BYTES + 10), 'big.png');
    expect(big.statusCode).toBe(413);
    const huge = await uploadThumbnail(post.id, makeHugePng(), 'huge.png');
    expect(huge.statusCode).toBe(413);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer();
    const wrongField = await uploadThumbnail(post.id, png, 'a.png', 'image');
    expect(wrongField.statusCode).toBe(400);
    expect((await admin.client.put(`/api/admin/blog/${post.id}/thumbnail`, { file: 'x' })).statusCode).toBe(415);
    const broken = await uploadThumbnail(post.id, png.subarray(0, 40), 'broken.png');
    expect(broken.statusCode).toBe(400);
    expect((await admin.client.get(`/api/admin/blog/${post.id}`)).json().thumbnailUrl).toBeNull();
  });

  it('removes the old file when replaced, and the file when the thumbnail or the post is deleted', async () => {
    const png = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#123456' } }).png().toBuffer();
    const post = await createPost();
    const keyOf = async () => (await t.database.db.select().from(blogPosts).where(eq(blogPosts.id, post.id)))[0]!.thumbnailKey!;
    await uploadThumbnail(post.id, png);
    const first = await keyOf();
    await uploadThumbnail(post.id, png);
    const second = await keyOf();
    expect(second).not.toBe(first);
    await expect(store().get(first)).rejects.toBeInstanceOf(StoredFileMissingError);
    expect((await store().get(second)).byteLength).toBeGreaterThan(0);

    const cleared = await admin.client.delete(`/api/admin/blog/${post.id}/thumbnail`);
    expect(cleared.json().thumbnailUrl).toBeNull();
    await expect(store().get(second)).rejects.toBeInstanceOf(StoredFileMissingError);

    await uploadThumbnail(post.id, png);
    const third = await keyOf();
    await admin.client.delete(`/api/admin/blog/${post.id}`);
    await expect(store().get(third)).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  it.each(['../../etc/passwd', 'UPPER', 'a'.repeat(200), 'x.png'])('answers 404 for the name %j', async (name) => {
    expect((await anonymous.get(`/api/blog/thumbnails/${encodeURIComponent(name)}`)).statusCode).toBe(404);
  });
});

describe('seed', () => {
  it('is idempotent, keeps admin edits, and does not bring back a deleted seed post', async () => {
    const db = t.database.db;
    expect(await seedBlogPosts(db)).toEqual({ inserted: 0 });
    const [seeded] = await db.select().from(blogPosts).where(eq(blogPosts.slug, 'magnesium-forms-and-sleep'));
    await admin.client.put(`/api/admin/blog/${seeded!.id}`, postBody({ title: 'Magnesium, edited', slug: seeded!.slug }));
    const [iron] = await db.select().from(blogPosts).where(eq(blogPosts.slug, 'iron-and-ferritin-explained'));
    await admin.client.delete(`/api/admin/blog/${iron!.id}`);
    expect(await seedBlogPosts(db)).toEqual({ inserted: 0 });
    expect((await db.select().from(blogPosts).where(eq(blogPosts.id, seeded!.id)))[0]!.title).toBe('Magnesium, edited');
    expect(await db.select().from(blogPosts).where(eq(blogPosts.slug, 'iron-and-ferritin-explained'))).toEqual([]);
    expect((await db.select().from(blogSeededPosts)).length).toBe(SEED_POSTS.length);
  });

  it('writes each seed thumbnail to the file store as a PNG, once', async () => {
    const fresh = await createTestApp({ DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'stacklab-blog-')) });
    try {
      const files = createFileStore(fresh.config.storage);
      const seed = SEED_POSTS.find((p) => p.slug === 'biotin-and-thyroid-tests')!;
      const url = (await new Client(fresh.app).get(`/api/blog/${seed.slug}`)).json().thumbnailUrl;
      expect(url).toBe(`/api/blog/thumbnails/${seedThumbnailKey(seed).slice('blog/'.length)}`);
      expect((await new Client(fresh.app).get(url)).statusCode).toBe(404);
      expect(await ensureSeedThumbnails(fresh.database.db, files)).toBe(SEED_POSTS.length);
      expect(await ensureSeedThumbnails(fresh.database.db, files)).toBe(0);
      const image = await new Client(fresh.app).get(url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect((await sharp(image.rawPayload).metadata()).width).toBe(1280);
    } finally {
      await rm(fresh.config.dataDir, { recursive: true, force: true }).catch(() => {});
      await fresh.close();
    }
  });
});

describe('sitemap, feed and pages with Open Graph tags', () => {
  it('lists published posts in the sitemap and the RSS feed, never drafts', async () => {
    const draft = await createPost({ title: 'Secret Draft Sitemap' });
    const live = await publishedPost({ title: 'Live For The Sitemap' });
    const sitemap = await anonymous.get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain(`<loc>http://localhost:3000/learn/${live.slug}</loc>`);
    expect(sitemap.body).toContain('<loc>http://localhost:3000/research/biotin-and-thyroid-tests</loc>');
    expect(sitemap.body).not.toContain(draft.slug);

    const feed = await anonymous.get('/rss.xml');
    expect(feed.headers['content-type']).toContain('application/rss+xml');
    expect(feed.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(feed.body).toContain(`<link>http://localhost:3000/learn/${live.slug}</link>`);
    expect(feed.body).not.toContain(draft.slug);
  });

  it('writes the post title, description and Open Graph tags into the page for crawlers', async () => {
    const webDir = await mkdtemp(path.join(os.tmpdir(), 'stacklab-web-'));
    await writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="default" /><title>StackLab</title></head><body><div id="root"></div></body></html>',
    );
    const app = await buildApp({ config: t.config, database: t.database, webDir, logStream: discardedLogs() });
    try {
      const post = await publishedPost({ title: 'Copper & "Zinc" <Balance>', excerpt: 'Why ratios matter.' });
      const page = await app.inject({ method: 'GET', url: `/learn/${post.slug}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<title>Copper &amp; "Zinc" &lt;Balance&gt; · StackLab</title>');
      expect(page.body).toContain('<meta name="description" content="Why ratios matter." />');
      expect(page.body).toContain('<meta property="og:title" content="Copper &amp; &quot;Zinc&quot; &lt;Balance&gt;" />');
      expect(page.body).toContain(`<meta property="og:url" content="http://localhost:3000/learn/${post.slug}" />`);
      expect(page.body).toContain('<meta property="og:type" content="article" />');
      expect(page.body).not.toContain('content="default"');

      const research = await app.inject({ method: 'GET', url: '/research/biotin-and-thyroid-tests' });
      expect(research.body).toMatch(/<meta property="og:image" content="http:\/\/localhost:3000\/api\/blog\/thumbnails\/seed-biotin/);
      // A learn post under /research is sent to its address; a draft or nothing is the app shell with 404.
      const elsewhere = await app.inject({ method: 'GET', url: `/research/${post.slug}` });
      expect(elsewhere.statusCode).toBe(301);
      expect(elsewhere.headers.location).toBe(`/learn/${post.slug}`);
      const missing = await app.inject({ method: 'GET', url: '/learn/no-such-post' });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('<div id="root"></div>');
      expect(missing.body).toContain('<title>Post not found · StackLab</title>');

      // A slug an editor changed: the page moved for good, and the API answers with the current slug.
      const renamed = await admin.client.put(`/api/admin/blog/${post.id}`, postBody({ title: post.title, slug: `${post.slug}-renamed` }));
      expect(renamed.statusCode, renamed.body).toBe(200);
      const old = await app.inject({ method: 'GET', url: `/learn/${post.slug}` });
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe(`/learn/${post.slug}-renamed`);
      expect((await new Client(t.app).get(`/api/blog/${post.slug}`)).json()).toMatchObject({ id: post.id, slug: `${post.slug}-renamed` });
      expect((await app.inject({ method: 'GET', url: `/learn/${post.slug}-renamed` })).statusCode).toBe(200);
      const list = await app.inject({ method: 'GET', url: '/learn' });
      expect(list.body).toContain('<title>Learn · StackLab</title>');
      expect(list.body).toContain('<meta property="og:type" content="website" />');
    } finally {
      await app.close();
      await rm(webDir, { recursive: true, force: true });
    }
  });
});

describe('a changed slug', () => {
  it('keeps the earlier one leading to the post, until another post takes it or the post is deleted', async () => {
    const post = await publishedPost();
    const first = post.slug;
    expect((await admin.client.put(`/api/admin/blog/${post.id}`, postBody({ slug: `${first}-2` }))).statusCode).toBe(200);
    expect((await admin.client.put(`/api/admin/blog/${post.id}`, postBody({ slug: `${first}-3` }))).statusCode).toBe(200);
    const anyone = new Client(t.app);
    for (const earlier of [first, `${first}-2`]) expect((await anyone.get(`/api/blog/${earlier}`)).json()).toMatchObject({ id: post.id, slug: `${first}-3` });

    // A post that takes an earlier slug is the one found by it.
    const other = await publishedPost({ slug: first });
    expect((await anyone.get(`/api/blog/${first}`)).json()).toMatchObject({ id: other.id, slug: first });
    // Given back to the post, a slug is its own again.
    expect((await admin.client.put(`/api/admin/blog/${post.id}`, postBody({ slug: `${first}-2` }))).statusCode).toBe(200);
    expect((await anyone.get(`/api/blog/${first}-3`)).json()).toMatchObject({ id: post.id, slug: `${first}-2` });

    // A draft's earlier slugs lead nowhere, and a deleted post takes its earlier slugs with it.
    expect((await admin.client.post(`/api/admin/blog/${post.id}/unpublish`)).statusCode).toBe(200);
    expect((await anyone.get(`/api/blog/${first}-3`)).statusCode).toBe(404);
    expect((await admin.client.delete(`/api/admin/blog/${post.id}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(blogSlugRedirects).where(eq(blogSlugRedirects.postId, post.id))).toEqual([]);
  });
});
