import { AboutPage } from '#web/features/marketing/components/about-page.tsx';

export default function AboutRoute() {
  return <AboutPage />;
}
