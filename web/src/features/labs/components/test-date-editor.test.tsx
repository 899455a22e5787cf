import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formErrors } from '#web/lib/forms.ts';
import { TestDateEditor, testDateFormSchema } from './test-date-editor.tsx';

type Props = Parameters<typeof TestDateEditor>[0];

function html(props: Omit<Props, 'fileId'>): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <TestDateEditor fileId="f1" {...props} />
    </QueryClientProvider>,
  );
}

describe('the test date editor', () => {
  it('has nothing to save until the date changes', () => {
    const page = html({ testDate: '2025-03-14', review: null, askForDate: false });
    expect(page).toContain('The date the sample was taken; it applies to every result of this report.');
    expect(page).toMatch(/<button[^>]*disabled=""[^>]*>Save date<\/button>/);
    expect(page).toContain('aria-invalid="false"');
  });

  it('asks for a date, as an alert on the field, when confirming a report without one', () => {
    const page = html({ testDate: null, review: 'not-found', askForDate: true });
    expect(page).toContain('role="alert"');
    expect(page).toContain('Set the test date before confirming: the date the sample was taken.');
    expect(page).toContain('aria-invalid="true"');
  });

  it('says so when no collection date was found or the date is not one', () => {
    expect(html({ testDate: null, review: 'not-found', askForDate: false })).toContain('No collection date was found in the report');
    expect(html({ testDate: '2025-03-20', review: 'not-collection-date', askForDate: false })).toContain('not a collection date: check it against your report');
  });
});

describe('the test date form', () => {
  it('says what the contract would before sending', () => {
    expect(formErrors(testDateFormSchema, { testDate: '' })).toEqual({ testDate: 'Test date must be a date like 2025-01-31' });
    expect(formErrors(testDateFormSchema, { testDate: '2025-02-30' })).toEqual({ testDate: 'Test date must be a date like 2025-01-31' });
    expect(formErrors(testDateFormSchema, { testDate: '2025-03-15' })).toEqual({});
  });
});
