import type { Citation } from '#contract/blog.ts';
import { citationText } from '../utils/format.ts';

/** The studies a post cites, as a numbered reference list with their DOI or PubMed links. */
export function CitationList({ citations }: { citations: Citation[] }) {
  if (citations.length === 0) return null;
  return (
    <section aria-labelledby="cited-studies" className="mt-12 border-t border-border pt-8">
      <h2 id="cited-studies" className="text-xl font-semibold tracking-tight">
        Cited studies
      </h2>
      <ol className="mt-4 list-decimal space-y-4 pl-6 text-sm leading-6">
        {citations.map((citation, index) => (
          <li key={`${citation.url}-${index}`}>
            <p>{citationText(citation)}</p>
            <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              <a href={citation.url} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline underline-offset-2">
                Read the study<span className="sr-only">: {citation.title} (opens in a new tab)</span>
              </a>
              {citation.doi ? <span className="text-muted-foreground">DOI: {citation.doi}</span> : null}
              {citation.pubmedId ? (
                <a
                  href={`https://pubmed.ncbi.nlm.nih.gov/${citation.pubmedId}/`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-muted-foreground underline underline-offset-2 hover:text-foreground"
                >
                  PubMed {citation.pubmedId}
                </a>
              ) : null}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
