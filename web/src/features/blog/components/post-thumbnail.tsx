import { FlaskConical, GraduationCap } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

/**
 * A post's 16:9 picture. It sits beside the post's title, so it is decorative (empty alt);
 * a post without one gets a quiet placeholder of its section.
 */
export function PostThumbnail({ url, section, className, eager = false }: { url: string | null; section: 'learn' | 'research'; className?: string; eager?: boolean }) {
  if (url) {
    return (
      <img
        src={url}
        alt=""
        width={1280}
        height={720}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={cn('aspect-video w-full rounded-lg bg-muted object-cover', className)}
      />
    );
  }
  const Icon = section === 'research' ? FlaskConical : GraduationCap;
  return (
    <div aria-hidden="true" className={cn('flex aspect-video w-full items-center justify-center rounded-lg bg-secondary text-secondary-foreground', className)}>
      <Icon className="size-10 opacity-60" />
    </div>
  );
}
