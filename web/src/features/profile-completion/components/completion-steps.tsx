import { CheckCircle2, Circle } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import type { ProfileCompletion } from '#contract/profile.ts';
import { STEP_ACTIONS, isOnStepPage } from '../utils/steps.ts';

/** The five steps, each done or with a link to where it is done. */
export function CompletionSteps({ completion, onNavigate }: { completion: ProfileCompletion; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const linkClass = 'font-medium text-primary hover:underline';
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
                  {action.anchor && isOnStepPage(action.to, pathname) ? (
                    <a href={`#${action.anchor}`} onClick={onNavigate} className={linkClass}>
                      {action.linkLabel}
                    </a>
                  ) : (
                    <Link to={action.to} onClick={onNavigate} className={linkClass}>
                      {action.linkLabel}
                    </Link>
                  )}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
