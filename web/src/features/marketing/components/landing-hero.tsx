import { ArrowRight, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { LANDING_HERO } from '../marketing-content.ts';

export function LandingHero({ trialDays }: { trialDays: number | undefined }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b border-border bg-gradient-to-b from-secondary/70 to-background">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.2fr_1fr] lg:items-center">
        <div>
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-primary/20 bg-surface px-3 py-1 text-xs font-medium text-secondary-foreground">
            <ShieldCheck aria-hidden="true" className="size-4 text-primary" />
            Private by design. We never sell your data.
          </p>
          <h1 id="hero-title" className="text-4xl font-semibold tracking-tight text-balance text-foreground sm:text-5xl">
            {LANDING_HERO.headline}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-muted-foreground">{LANDING_HERO.subhead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <a href="#free-trial-signup">
                {trialDays ? `Start your ${trialDays}-day free trial` : 'Start your free trial'}
                <ArrowRight aria-hidden="true" />
              </a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#pricing">See plans</a>
            </Button>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            Already have an account?{' '}
            <Link to="/auth?login=true" className="font-medium text-primary hover:underline">
              Sign in
            </Link>
          </p>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}

/** A drawing of the idea (a stack beside a trend line); not a screenshot and holds no data. */
function HeroIllustration() {
  return (
    <div aria-hidden="true" className="hidden lg:block">
      <svg viewBox="0 0 400 300" className="w-full drop-shadow-sm">
        <rect x="8" y="8" width="384" height="284" rx="20" className="fill-surface stroke-border" strokeWidth="2" />
        <g className="fill-secondary">
          <rect x="36" y="44" width="130" height="34" rx="10" />
          <rect x="36" y="90" width="130" height="34" rx="10" />
          <rect x="36" y="136" width="130" height="34" rx="10" />
          <rect x="36" y="182" width="130" height="34" rx="10" />
        </g>
        <g className="fill-primary">
          <circle cx="56" cy="61" r="8" />
          <circle cx="56" cy="107" r="8" />
          <circle cx="56" cy="153" r="8" />
          <circle cx="56" cy="199" r="8" opacity="0.35" />
        </g>
        <g className="fill-primary/30">
          <rect x="74" y="56" width="70" height="10" rx="5" />
          <rect x="74" y="102" width="56" height="10" rx="5" />
          <rect x="74" y="148" width="78" height="10" rx="5" />
          <rect x="74" y="194" width="48" height="10" rx="5" />
        </g>
        <line x1="196" y1="230" x2="364" y2="230" className="stroke-border" strokeWidth="2" />
        <line x1="196" y1="44" x2="196" y2="230" className="stroke-border" strokeWidth="2" />
        <rect x="196" y="110" width="168" height="60" className="fill-secondary/70" />
        <polyline
          points="206,200 236,186 266,170 296,150 326,138 356,126"
          fill="none"
          className="stroke-primary"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <g className="fill-surface stroke-primary" strokeWidth="3">
          <circle cx="206" cy="200" r="5" />
          <circle cx="266" cy="170" r="5" />
          <circle cx="326" cy="138" r="5" />
          <circle cx="356" cy="126" r="5" />
        </g>
        <rect x="36" y="244" width="328" height="24" rx="12" className="fill-muted" />
        <rect x="48" y="252" width="180" height="8" rx="4" className="fill-muted-foreground/30" />
      </svg>
    </div>
  );
}
