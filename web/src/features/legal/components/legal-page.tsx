import { Fragment, type ReactNode } from 'react';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { usePlans } from '#web/lib/plans.ts';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { type LegalContext, type LegalDocument, privacyPolicy, termsOfService } from '../legal-content.ts';

/**
 * Terms of Service and Privacy Policy, rendered from legal-content.ts with the support address
 * and the plan catalogue the server sends, so the text always matches the product.
 */
export function LegalPage({ document }: { document: 'terms' | 'privacy' }) {
  const config = usePublicConfig();
  const plans = usePlans();

  if (config.isPending || plans.isPending) return <PageSpinner />;
  if (config.isError || plans.isError) {
    return (
      <PageContainer className="max-w-3xl">
        <h1 className="text-3xl font-semibold tracking-tight">{document === 'terms' ? 'Terms of Service' : 'Privacy Policy'}</h1>
        <p role="alert" className="mt-4 text-destructive">
          This page could not be loaded. Please check your connection and try again.
        </p>
      </PageContainer>
    );
  }
  const context: LegalContext = { supportEmail: config.data.supportEmail, plans: plans.data.catalogue };
  const doc = document === 'terms' ? termsOfService(context) : privacyPolicy(context);
  return <LegalDocumentView doc={doc} supportEmail={context.supportEmail} />;
}

function slug(heading: string): string {
  return heading.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** Makes the support address a mail link wherever the text names it. */
function withMailLinks(paragraph: string, email: string): ReactNode {
  if (!email || !paragraph.includes(email)) return paragraph;
  const parts = paragraph.split(email);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 ? (
        <a href={`mailto:${email}`} className="font-medium text-primary underline">
          {email}
        </a>
      ) : null}
    </Fragment>
  ));
}

function LegalDocumentView({ doc, supportEmail }: { doc: LegalDocument; supportEmail: string }) {
  return (
    <PageContainer className="max-w-3xl">
      <article>
        <header className="mb-8 border-b border-border pb-6">
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{doc.title}</h1>
          <p className="mt-2 text-sm text-muted-foreground">Effective date: {doc.effectiveDate}</p>
        </header>
        <nav aria-label="Sections" className="mb-10 rounded-xl border border-border bg-surface p-5">
          <ol className="grid gap-1.5 text-sm sm:grid-cols-2">
            {doc.sections.map((section) => (
              <li key={section.heading}>
                <a href={`#${slug(section.heading)}`} className="text-primary hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="space-y-10">
          {doc.sections.map((section) => (
            <section key={section.heading} id={slug(section.heading)} className="scroll-mt-24">
              <h2 className="text-xl font-semibold">{section.heading}</h2>
              <div className="mt-3 space-y-3 leading-relaxed text-foreground/90">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{withMailLinks(paragraph, supportEmail)}</p>
                ))}
              </div>
            </section>
          ))}
        </div>
      </article>
    </PageContainer>
  );
}
