import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { cn } from '#web/lib/cn.ts';
import { type MdBlock, type MdInline, parseMarkdown } from '../utils/markdown.ts';

/**
 * An answer rendered from Markdown into React elements (never HTML strings): text is always
 * text, and links are only those `parseMarkdown` let through. Citations open the history day
 * or the biomarker chart inside the app; other links open in a new tab without a referrer.
 */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return <div className={cn('grid gap-3 break-words', className)}>{blocks.map(renderBlock)}</div>;
}

function renderInline(node: MdInline, key: number): ReactNode {
  switch (node.type) {
    case 'text':
      return node.text;
    case 'strong':
      return <strong key={key}>{node.children.map(renderInline)}</strong>;
    case 'em':
      return <em key={key}>{node.children.map(renderInline)}</em>;
    case 'del':
      return <del key={key}>{node.children.map(renderInline)}</del>;
    case 'code':
      return (
        <code key={key} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.9em]">
          {node.text}
        </code>
      );
    case 'break':
      return <br key={key} />;
    case 'link':
      return node.internal ? (
        <Link key={key} to={node.href} className="font-medium text-primary underline underline-offset-2">
          {node.children.map(renderInline)}
        </Link>
      ) : (
        <a key={key} href={node.href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary underline underline-offset-2">
          {node.children.map(renderInline)}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      );
  }
}

function renderBlock(block: MdBlock, key: number): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return <p key={key}>{block.children.map(renderInline)}</p>;
    case 'heading':
      // A heading inside an answer is emphasis, not a section of the page: the outline stays the page's.
      return (
        <p key={key} className={cn('font-semibold', block.level <= 2 && 'text-base')}>
          {block.children.map(renderInline)}
        </p>
      );
    case 'list': {
      const items = block.items.map((item, index) => (
        <li key={index} className="[&>div]:gap-1">
          <div className="grid gap-2">{item.map(renderBlock)}</div>
        </li>
      ));
      return block.ordered ? (
        <ol key={key} start={block.start ?? undefined} className="grid list-decimal gap-1 pl-5">
          {items}
        </ol>
      ) : (
        <ul key={key} className="grid list-disc gap-1 pl-5">
          {items}
        </ul>
      );
    }
    case 'code':
      return (
        <pre key={key} className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
          <code>{block.text}</code>
        </pre>
      );
    case 'quote':
      return (
        <blockquote key={key} className="grid gap-2 border-l-2 border-border pl-3 text-muted-foreground">
          {block.children.map(renderBlock)}
        </blockquote>
      );
    case 'rule':
      return <hr key={key} className="border-border" />;
    case 'table':
      return (
        <div key={key} className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr>
                {block.header.map((cell, index) => (
                  <th key={index} scope="col" className="border-b border-border px-2 py-1 font-semibold">
                    {cell.map(renderInline)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index} className="border-b border-border px-2 py-1 align-top">
                      {cell.map(renderInline)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}
