import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { type CitationFormValues, emptyCitation } from '../utils/post-form.ts';

/** The studies a post cites: title, authors, year, journal, DOI or PubMed id, and a link. */
export function CitationsEditor({
  citations,
  onChange,
  errors,
  required,
}: {
  citations: CitationFormValues[];
  onChange: (citations: CitationFormValues[]) => void;
  errors: Record<string, string>;
  required: boolean;
}) {
  const id = useId();
  const update = (index: number, field: keyof CitationFormValues, value: string) =>
    onChange(citations.map((citation, i) => (i === index ? { ...citation, [field]: value } : citation)));
  const error = (index: number, field: keyof CitationFormValues) => errors[`citations.${index}.${field}`];

  return (
    <fieldset>
      <legend className="text-sm font-medium">Cited studies{required ? '' : ' (optional)'}</legend>
      <div className="mt-1 grid gap-4">
        <p className="text-xs text-muted-foreground">
          {required ? 'A research post lists at least one study before it can be published. ' : ''}Give a DOI, a PubMed id or a link for each; a missing link is made from the DOI or PubMed id.
        </p>
        {errors.citations ? <p className="text-sm text-destructive">{errors.citations}</p> : null}
        {citations.length === 0 ? <p className="text-sm text-muted-foreground">No studies yet.</p> : null}
        <ol className="grid gap-4">
          {citations.map((citation, index) => {
            const prefix = `${id}-citation-${index}`;
            return (
              <li key={index} className="grid gap-3 rounded-lg border border-border p-4">
                <div className="flex items-center justify-between gap-2">
                  <p className="text-sm font-medium">Study {index + 1}</p>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => onChange(citations.filter((_, i) => i !== index))}
                    aria-label={`Remove study ${index + 1}${citation.title ? `: ${citation.title}` : ''}`}
                  >
                    <Trash2 aria-hidden="true" /> Remove
                  </Button>
                </div>
                <FormField id={`${prefix}-title`} label="Title" error={error(index, 'title')}>
                  {(control) => <Input {...control} value={citation.title} onChange={(e) => update(index, 'title', e.target.value)} maxLength={500} />}
                </FormField>
                <div className="grid gap-3 sm:grid-cols-[1fr_7rem]">
                  <FormField id={`${prefix}-authors`} label="Authors" error={error(index, 'authors')}>
                    {(control) => <Input {...control} value={citation.authors} onChange={(e) => update(index, 'authors', e.target.value)} placeholder="Manson JE, Cook NR, et al." />}
                  </FormField>
                  <FormField id={`${prefix}-year`} label="Year" error={error(index, 'year')}>
                    {(control) => <Input {...control} value={citation.year} onChange={(e) => update(index, 'year', e.target.value)} inputMode="numeric" maxLength={4} />}
                  </FormField>
                </div>
                <FormField id={`${prefix}-journal`} label="Journal" error={error(index, 'journal')}>
                  {(control) => <Input {...control} value={citation.journal} onChange={(e) => update(index, 'journal', e.target.value)} />}
                </FormField>
                <div className="grid gap-3 sm:grid-cols-2">
                  <FormField id={`${prefix}-doi`} label="DOI" error={error(index, 'doi')}>
                    {(control) => <Input {...control} value={citation.doi} onChange={(e) => update(index, 'doi', e.target.value)} placeholder="10.1056/NEJMoa1809944" />}
                  </FormField>
                  <FormField id={`${prefix}-pubmedId`} label="PubMed id" error={error(index, 'pubmedId')}>
                    {(control) => <Input {...control} value={citation.pubmedId} onChange={(e) => update(index, 'pubmedId', e.target.value)} inputMode="numeric" placeholder="30415629" />}
                  </FormField>
                </div>
                <FormField id={`${prefix}-url`} label="Link" error={error(index, 'url')}>
                  {(control) => <Input {...control} type="url" value={citation.url} onChange={(e) => update(index, 'url', e.target.value)} placeholder="https://" />}
                </FormField>
              </li>
            );
          })}
        </ol>
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => onChange([...citations, emptyCitation()])}>
            <Plus aria-hidden="true" /> Add a study
          </Button>
        </div>
      </div>
    </fieldset>
  );
}
