import { LANDING_HERO } from '../marketing-content.ts';

/** The headline above the auth card. */
export function AuthHero() {
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{LANDING_HERO.headline}</h1>
      <p className="mt-3 text-pretty text-muted-foreground">{LANDING_HERO.subhead}</p>
    </div>
  );
}
