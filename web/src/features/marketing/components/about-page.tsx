import { Check, X } from 'lucide-react';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { ABOUT } from '../marketing-content.ts';

export function AboutPage() {
  return (
    <PageContainer className="max-w-3xl">
      <p className="text-sm font-semibold tracking-wider text-primary uppercase">About StackLab</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{ABOUT.headline}</h1>
      <div className="mt-6 space-y-4 text-lg text-muted-foreground">
        {ABOUT.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="about-is" className="rounded-xl border border-border bg-surface p-6">
          <h2 id="about-is" className="font-semibold">What StackLab is</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {ABOUT.whatItIs.map((item) => (
              <li key={item} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="about-is-not" className="rounded-xl border border-border bg-surface p-6">
          <h2 id="about-is-not" className="font-semibold">What StackLab is not</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {ABOUT.whatItIsNot.map((item) => (
              <li key={item} className="flex gap-2">
                <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </PageContainer>
  );
}
