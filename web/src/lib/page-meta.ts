import { useEffect } from 'react';

export type PageMeta = {
  title: string;
  description: string;
  /** The page's own path, for og:url and the canonical link. */
  path?: string | undefined;
  /** An image on our own site (a path). */
  image?: string | null | undefined;
  type?: 'website' | 'article';
};

const SITE = 'StackLab';

/** `<meta property|name=...>` tags this hook writes; they are removed again when the page goes. */
function setMeta(attribute: 'name' | 'property', key: string, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  const created = !element;
  const previous = element?.getAttribute('content') ?? null;
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.setAttribute('content', content);
  const target = element;
  return () => {
    if (created) target.remove();
    else if (previous !== null) target.setAttribute('content', previous);
  };
}

function setCanonical(href: string): () => void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  const created = !link;
  const previous = link?.getAttribute('href') ?? null;
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = href;
  const target = link;
  return () => {
    if (created) target.remove();
    else if (previous !== null) target.setAttribute('href', previous);
  };
}

/**
 * The tab title, description, canonical link and Open Graph tags of a public page, set as the
 * reader navigates (the server writes the same tags into the first page load for crawlers).
 * Everything is put back when the page unmounts. Pass `null` while the page's data loads.
 */
export function usePageMeta(meta: PageMeta | null): void {
  const title = meta?.title;
  const description = meta?.description;
  const path = meta?.path;
  const image = meta?.image;
  const type = meta?.type ?? 'website';
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    const origin = window.location.origin;
    const url = `${origin}${path ?? window.location.pathname}`;
    const previousTitle = document.title;
    document.title = `${title} · ${SITE}`;
    const undo = [
      setMeta('name', 'description', description),
      setMeta('property', 'og:site_name', SITE),
      setMeta('property', 'og:type', type),
      setMeta('property', 'og:title', title),
      setMeta('property', 'og:description', description),
      setMeta('property', 'og:url', url),
      ...(image ? [setMeta('property', 'og:image', `${origin}${image}`)] : []),
      setMeta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
      setCanonical(url),
    ];
    return () => {
      document.title = previousTitle;
      for (const restore of undo.reverse()) restore();
    };
  }, [title, description, path, image, type]);
}
