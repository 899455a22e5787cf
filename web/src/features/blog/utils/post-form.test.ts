import { describe, expect, it } from 'vitest';
import { BLOG_MESSAGES, slugTakenMessage } from '#contract/blog.ts';
import { formErrors } from '#web/lib/forms.ts';
import { emptyCitation, emptyPostForm, formToPostBody, postFormSchema, postToForm, suggestedSlug, withTitle } from './post-form.ts';

const valid = { ...emptyPostForm(), title: 'Zinc basics', slug: 'zinc-basics', excerpt: 'Short.', contentMarkdown: '# Hi' };

describe('post form', () => {
  it('moves the slug with the title until the slug is edited', () => {
    const typed = withTitle(emptyPostForm(), 'Vitamin D: A Practical Guide');
    expect(typed.slug).toBe('vitamin-d-a-practical-guide');
    const own = withTitle({ ...typed, slug: 'my-slug', slugEdited: true }, 'Another title');
    expect(own.slug).toBe('my-slug');
  });

  it('sends an empty slug as none, and years as numbers', () => {
    const body = formToPostBody({ ...valid, slug: ' ', citations: [{ ...emptyCitation(), title: 'T', authors: 'A', year: '2019', journal: 'J', doi: ' 10.1/x ' }] });
    expect(body.slug).toBeNull();
    expect(body.citations?.[0]).toMatchObject({ year: 2019, doi: '10.1/x', pubmedId: null, url: null });
  });

  it("checks the server's rules, with paths into the citations", () => {
    expect(formErrors(postFormSchema, valid)).toEqual({});
    expect(formErrors(postFormSchema, emptyPostForm())).toMatchObject({
      title: BLOG_MESSAGES.titleRequired,
      excerpt: BLOG_MESSAGES.excerptRequired,
      contentMarkdown: BLOG_MESSAGES.contentRequired,
    });
    const errors = formErrors(postFormSchema, { ...valid, citations: [{ ...emptyCitation(), title: 'T', authors: 'A', year: 'soon', journal: 'J', doi: 'x' }] });
    expect(errors['citations.0.year']).toBe('Year must be a year like 2019');
    expect(errors['citations.0.doi']).toBe('DOI must look like 10.1056/NEJMoa1809944');
    expect(formErrors(postFormSchema, { ...valid, slug: 'Bad Slug' }).slug).toBe(BLOG_MESSAGES.slugFormat);
  });

  it('reads the free slug out of the server message', () => {
    expect(suggestedSlug(slugTakenMessage('vitamin-d-2'))).toBe('vitamin-d-2');
    expect(suggestedSlug('Something else')).toBeUndefined();
  });

  it('round-trips a saved post', () => {
    const post = {
      id: 'p',
      slug: 's',
      section: 'research' as const,
      title: 'T',
      excerpt: 'E',
      thumbnailUrl: null,
      published: false,
      publishedAt: null,
      citationCount: 1,
      createdAt: '',
      updatedAt: '',
      contentMarkdown: 'M',
      content: '<p>M</p>',
      citations: [{ title: 'S', authors: 'A', year: 2020, journal: 'J', doi: null, pubmedId: '123', url: 'https://pubmed.ncbi.nlm.nih.gov/123/' }],
    };
    const form = postToForm(post);
    expect(form.citations[0]).toMatchObject({ year: '2020', doi: '', pubmedId: '123' });
    expect(formToPostBody(form)).toMatchObject({ section: 'research', slug: 's', citations: [{ year: 2020, pubmedId: '123', url: 'https://pubmed.ncbi.nlm.nih.gov/123/' }] });
  });
});
