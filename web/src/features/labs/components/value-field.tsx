import type { ComponentProps } from 'react';
import { VALUE_COMPARATORS, type ValueComparator } from '#contract/biomarker-lists.ts';
import { LIMIT_SIGNS } from '#contract/lab-values.ts';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { parseLabValue, withTypedSign } from '../utils/lab-results.ts';

type ValueFieldProps = ComponentProps<typeof Input> & { text: string; onSignChange: (text: string) => void; signLabel: string };

/**
 * A lab value and the sign of a limit ("< 0.5"). The sign lives in the text, typed before the
 * number or set with the picker, since a phone's number keypad has no "<" or ">".
 */
export function ValueField({ text, onSignChange, signLabel, ...input }: ValueFieldProps) {
  const { comparator } = parseLabValue(text);
  return (
    <div className="flex gap-2">
      <NativeSelect aria-label={signLabel} className="w-16" value={comparator ?? ''} onChange={(event) => onSignChange(withTypedSign(text, (event.target.value || null) as ValueComparator | null))}>
        <option value="">=</option>
        {VALUE_COMPARATORS.map((sign) => (
          <option key={sign} value={sign}>
            {LIMIT_SIGNS[sign]}
          </option>
        ))}
      </NativeSelect>
      <div className="min-w-0 flex-1">
        <Input inputMode="decimal" autoComplete="off" {...input} />
      </div>
    </div>
  );
}
