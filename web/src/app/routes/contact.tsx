import { ContactPage } from '#web/features/contact/components/contact-page.tsx';

export default function ContactRoute() {
  return <ContactPage />;
}
