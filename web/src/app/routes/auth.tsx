import { AuthPage } from '#web/features/auth/components/auth-page.tsx';
import { AuthHero } from '#web/features/marketing/components/auth-hero.tsx';
import { BenefitCards } from '#web/features/marketing/components/benefit-cards.tsx';
import { QuestionBackground } from '#web/features/marketing/components/question-background.tsx';

export default function AuthRoute() {
  return <AuthPage hero={<AuthHero />} background={<QuestionBackground />} benefits={<BenefitCards />} />;
}
