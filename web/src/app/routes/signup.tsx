import { AuthPage } from '#web/features/auth/components/auth-page.tsx';
import { AuthHero } from '#web/features/marketing/components/auth-hero.tsx';
import { BenefitCards } from '#web/features/marketing/components/benefit-cards.tsx';
import { QuestionBackground } from '#web/features/marketing/components/question-background.tsx';

/** /signup is /auth in sign-up mode. */
export default function SignupRoute() {
  return <AuthPage forceSignup hero={<AuthHero />} background={<QuestionBackground />} benefits={<BenefitCards />} />;
}
