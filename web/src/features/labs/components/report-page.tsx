import { useEffect, useRef, useState } from 'react';
import type { PageBox } from '#contract/biomarkers.ts';
import { Button } from '#web/components/ui/button.tsx';
import { pageImageUrl } from '../api/lab-results.ts';

type ReportPageProps = {
  fileId: string;
  fileName: string;
  pageCount: number;
  /** Where the row under review was read; its page is shown and the box highlighted. */
  box: PageBox | null;
};

/**
 * The report's page beside the review table (product.md, Labs, review): the row under review is
 * outlined where it was read, so the user checks the value against the page, not their memory.
 */
export function ReportPage({ fileId, fileName, pageCount, box }: ReportPageProps) {
  // The page the user turned to, until another row is selected: then that row's page.
  const [turned, setTurned] = useState<{ forBox: PageBox | null; page: number }>({ forBox: box, page: box?.page ?? 1 });
  const page = turned.forBox === box ? turned.page : (box?.page ?? turned.page);
  const setPage = (next: number) => setTurned({ forBox: box, page: next });
  const [failed, setFailed] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const highlight = useRef<HTMLDivElement>(null);
  // Only the page's own frame scrolls: scrolling the dialog would move the row the user is tapping.
  const showHighlight = () => {
    const [view, mark] = [frame.current, highlight.current];
    if (!view || !mark) return;
    const [top, bottom] = [mark.offsetTop, mark.offsetTop + mark.offsetHeight];
    if (top < view.scrollTop || bottom > view.scrollTop + view.clientHeight) view.scrollTop = Math.max(0, top - (view.clientHeight - mark.offsetHeight) / 2);
  };
  useEffect(showHighlight, [box, page]);

  const shown = box && box.page === page ? box : null;
  return (
    <figure className="grid min-w-0 gap-2">
      <div ref={frame} className="relative max-h-[45vh] overflow-auto rounded-lg border border-border bg-white lg:max-h-[70vh]" tabIndex={0} aria-label={`Page ${page} of ${fileName}`}>
        {failed ? (
          <p className="p-4 text-sm text-muted-foreground">This page could not be shown. Open the file to compare.</p>
        ) : (
          <div className="relative">
            <img src={pageImageUrl(fileId, page)} alt={`Page ${page} of ${fileName}`} className="block h-auto w-full" onLoad={showHighlight} onError={() => setFailed(true)} />
            {shown ? (
              <div
                ref={highlight}
                data-testid="row-highlight"
                aria-hidden="true"
                className="pointer-events-none absolute rounded-sm border-2 border-primary bg-primary/15"
                style={{
                  left: `${Math.max(0, shown.x - 0.005) * 100}%`,
                  top: `${Math.max(0, shown.y - 0.004) * 100}%`,
                  width: `${Math.min(1, shown.width + 0.01) * 100}%`,
                  height: `${Math.min(1, shown.height + 0.008) * 100}%`,
                }}
              />
            ) : null}
          </div>
        )}
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>{shown ? 'The row under review is outlined.' : 'Select a row to see where it was read.'}</span>
        {pageCount > 1 ? (
          <span className="flex items-center gap-1">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous page
            </Button>
            <span aria-live="polite">
              Page {page} of {pageCount}
            </span>
            <Button size="sm" variant="outline" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
              Next page
            </Button>
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
