import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type LabFile, labTestDateBodySchema } from '#contract/labs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { sameNames, setServerErrors } from '#web/lib/forms.ts';
import { useSetTestDate } from '../api/lab-results.ts';
import { testDateHint } from '../utils/lab-results.ts';

/** The form's values are the request body (`PUT /api/labs/{id}/test-date`). */
type TestDateValues = { testDate: string };
export const testDateFormSchema = labTestDateBodySchema;
const testDateField = sameNames<TestDateValues>(['testDate']);

export const testDateInputId = (fileId: string) => `test-date-${fileId}`;

type TestDateEditorProps = { fileId: string; testDate: string | null; review: LabFile['testDateReview']; askForDate: boolean };

/** The date the sample was taken; it applies to all of the file's results. */
export function TestDateEditor({ fileId, testDate, review, askForDate }: TestDateEditorProps) {
  const setDate = useSetTestDate();
  const form = useForm<TestDateValues>({ resolver: zodResolver(testDateFormSchema), defaultValues: { testDate: testDate ?? '' } });
  const error = form.formState.errors.testDate?.message;
  const value = form.watch('testDate');
  const inputId = testDateInputId(fileId);
  const warn = askForDate || review === 'not-collection-date';

  const save = form.handleSubmit(async (values) => {
    try {
      await setDate.mutateAsync({ fileId, testDate: values.testDate });
      toast.success('Test date saved');
    } catch (failure) {
      if (setServerErrors(failure, form.setError, testDateField)) return;
      form.setError('testDate', { type: 'server', message: errorMessage(failure, 'Could not save the test date. Please try again.') });
    }
  });

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>Test date</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={inputId}
          type="date"
          min="1900-01-01"
          className="w-auto"
          aria-invalid={Boolean(error) || askForDate}
          aria-describedby={`${inputId}-hint`}
          {...form.register('testDate')}
        />
        <Button variant="outline" onClick={() => void save()} disabled={setDate.isPending || value === (testDate ?? '')}>
          {setDate.isPending ? 'Saving...' : 'Save date'}
        </Button>
      </div>
      {/* One line under the field: the error, else the hint, which becomes the ask when confirming needs a date. */}
      <p id={`${inputId}-hint`} role={askForDate ? 'alert' : undefined} className={error || askForDate ? 'text-sm text-destructive' : warn ? 'text-sm text-accent-foreground' : 'text-xs text-muted-foreground'}>
        {error ?? testDateHint(testDate, review, askForDate)}
      </p>
    </div>
  );
}
