import { Link } from 'react-router';
import { LogoMark } from './logo.tsx';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-t border-border bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          <LogoMark className="size-6" />
          <p>© {year} StackLab. All rights reserved.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <li>
              <Link to="/terms-of-service" className="text-muted-foreground hover:text-foreground hover:underline">
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className="text-muted-foreground hover:text-foreground hover:underline">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/contact" className="text-muted-foreground hover:text-foreground hover:underline">
                Contact
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="mx-auto max-w-6xl px-4 pb-8 text-xs text-muted-foreground sm:px-6">
        StackLab helps you keep track of your supplements and lab results. It does not give medical advice; talk to a
        qualified health professional before changing your treatment.
      </p>
    </footer>
  );
}
