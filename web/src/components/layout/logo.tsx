import { Link } from 'react-router';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M9 21h14M9 16h10M9 11h14" className="stroke-primary-foreground" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md font-semibold tracking-tight text-foreground focus-visible:outline-2 focus-visible:outline-offset-4">
      <LogoMark className="size-8" />
      <span className="text-lg">StackLab</span>
    </Link>
  );
}
