import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import type { ProfileCompletion } from '#contract/tracking.ts';
import { STEP_ACTIONS } from '../utils/steps.ts';

/** The five steps, each done or with a link to where it is done. */
export function CompletionSteps({ completion, onNavigate }: { completion: ProfileCompletion; onNavigate?: () => void }) {
  return (
    <ol className="grid gap-3" aria-label="Profile steps">
      {completion.steps.map((step) => {
        const done = step.status === 'completed';
        const action = STEP_ACTIONS[step.key];
        return (
          <li key={step.key} className="flex items-start gap-3">
            {done ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
            )}
            <div className="min-w-0 text-sm">
              <p className="font-medium">
                {step.label} <span className="sr-only">{done ? '(completed)' : '(to do)'}</span>
              </p>
              {done ? null : (
                <p className="text-muted-foreground">
                  {action.hint}{' '}
                  <Link to={action.to} onClick={onNavigate} className="font-medium text-primary hover:underline">
                    {action.linkLabel}
                  </Link>
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
