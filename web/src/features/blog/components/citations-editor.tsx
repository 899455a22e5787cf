import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { type CitationFormValues, type PostFormValues, emptyCitation } from '../utils/post-form.ts';

type Field = keyof CitationFormValues;

/** The studies a post cites: title, authors, year, journal, DOI or PubMed id, and a link. */
export function CitationsEditor({ form, required }: { form: UseFormReturn<PostFormValues>; required: boolean }) {
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'citations' });
  const citations = form.watch('citations');
  const errors = form.formState.errors.citations;
  // The list's own message (none yet, too many) sits on the array, as set by hand or by the schema.
  const listError = errors?.message ?? errors?.root?.message;
  const error = (index: number, name: Field) => errors?.[index]?.[name]?.message;
  const field = (index: number, name: Field) => form.register(`citations.${index}.${name}`);

  return (
    <fieldset>
      <legend className="text-sm font-medium">Cited studies{required ? '' : ' (optional)'}</legend>
      <div className="mt-1 grid gap-4">
        <p className="text-xs text-muted-foreground">
          {required ? 'A research post lists at least one study before it can be published. ' : ''}Give a DOI, a PubMed id or a link for each; a missing link is made from the DOI or PubMed id.
        </p>
        {listError ? <p className="text-sm text-destructive">{listError}</p> : null}
        {fields.length === 0 ? <p className="text-sm text-muted-foreground">No studies yet.</p> : null}
        <ol className="grid gap-4">
          {fields.map((item, index) => {
            const prefix = `${id}-citation-${index}`;
            const title = citations[index]?.title;
            return (
              <li key={item.id} className="grid gap-3 rounded-lg border border-border p-4">
                <div className="flex items-center justify-between gap-2">
                  <p className="text-sm font-medium">Study {index + 1}</p>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => remove(index)}
                    aria-label={`Remove study ${index + 1}${title ? `: ${title}` : ''}`}
                  >
                    <Trash2 aria-hidden="true" /> Remove
                  </Button>
                </div>
                <FormField id={`${prefix}-title`} label="Title" error={error(index, 'title')}>
                  {(control) => <Input {...control} {...field(index, 'title')} maxLength={500} />}
                </FormField>
                <div className="grid gap-3 sm:grid-cols-[1fr_7rem]">
                  <FormField id={`${prefix}-authors`} label="Authors" error={error(index, 'authors')}>
                    {(control) => <Input {...control} {...field(index, 'authors')} placeholder="Manson JE, Cook NR, et al." />}
                  </FormField>
                  <FormField id={`${prefix}-year`} label="Year" error={error(index, 'year')}>
                    {(control) => <Input {...control} {...field(index, 'year')} inputMode="numeric" maxLength={4} />}
                  </FormField>
                </div>
                <FormField id={`${prefix}-journal`} label="Journal" error={error(index, 'journal')}>
                  {(control) => <Input {...control} {...field(index, 'journal')} />}
                </FormField>
                <div className="grid gap-3 sm:grid-cols-2">
                  <FormField id={`${prefix}-doi`} label="DOI" error={error(index, 'doi')}>
                    {(control) => <Input {...control} {...field(index, 'doi')} placeholder="10.1056/NEJMoa1809944" />}
                  </FormField>
                  <FormField id={`${prefix}-pubmedId`} label="PubMed id" error={error(index, 'pubmedId')}>
                    {(control) => <Input {...control} {...field(index, 'pubmedId')} inputMode="numeric" placeholder="30415629" />}
                  </FormField>
                </div>
                <FormField id={`${prefix}-url`} label="Link" error={error(index, 'url')}>
                  {(control) => <Input {...control} type="url" {...field(index, 'url')} placeholder="https://" />}
                </FormField>
              </li>
            );
          })}
        </ol>
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => append(emptyCitation())}>
            <Plus aria-hidden="true" /> Add a study
          </Button>
        </div>
      </div>
    </fieldset>
  );
}
