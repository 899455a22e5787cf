import { useEffect, useState } from 'react';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { previewMarkdown } from '../api/admin-posts.ts';
import { PostContent } from './post-content.tsx';

/**
 * The content as readers will see it: rendered and sanitised by the server with the very rules
 * used on save, a moment after typing stops.
 */
export function MarkdownPreview({ markdown, id }: { markdown: string; id?: string }) {
  const settled = useDebouncedValue(markdown, 400);
  const [state, setState] = useState<{ html: string; error?: string } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    previewMarkdown(settled, controller.signal)
      .then(({ html }) => setState({ html }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState((current) => ({ html: current?.html ?? '', error: errorMessage(error, 'The preview could not be made.') }));
      });
    return () => controller.abort();
  }, [settled]);

  return (
    <div id={id} aria-live="polite" aria-busy={state === null || settled !== markdown} className="min-h-40 rounded-lg border border-border bg-surface p-4">
      {state?.error ? <p className="mb-3 text-sm text-destructive">{state.error}</p> : null}
      {state === null ? (
        <p className="text-sm text-muted-foreground">Loading the preview...</p>
      ) : state.html ? (
        <PostContent html={state.html} />
      ) : (
        <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
      )}
    </div>
  );
}
