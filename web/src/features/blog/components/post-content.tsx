import { cn } from '#web/lib/cn.ts';

/**
 * A post's body. The HTML comes from the server, which made it from Markdown and sanitised it
 * (no scripts, handlers, styles or classes survive); the page's CSP forbids inline scripts as well.
 * Styles reach the bare elements through this wrapper.
 */
export function PostContent({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        'max-w-none text-base leading-7 text-foreground',
        '[&_p]:my-4 [&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight sm:[&_h2]:text-2xl',
        '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-6 [&_h4]:font-semibold',
        '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5',
        '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a:hover]:text-primary-hover',
        '[&_strong]:font-semibold [&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground',
        '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm [&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-4',
        '[&_hr]:my-8 [&_hr]:border-border [&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
        '[&_table]:my-6 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-sm [&_th]:border-b [&_th]:border-border [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_td]:border-b [&_td]:border-border [&_td]:px-3 [&_td]:py-2',
        '[&>*:first-child]:mt-0',
        className,
      )}
      // Sanitised on the server (blog.markdown.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
