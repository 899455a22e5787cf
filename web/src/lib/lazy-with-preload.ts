import { type ComponentType, createElement, lazy, useState } from 'react';

/**
 * A component whose code loads on its first use, or earlier when asked (`preload`), so that a
 * page's first download can leave out what only a later click needs (a dialog's form, the chat's
 * Markdown reader) while the click still finds it loaded. Once its code is in, it draws at once:
 * a plain `lazy` component suspends on every first mount, and React then holds the content back
 * until its fallback has shown for 300 ms.
 */
export function lazyWithPreload<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Preloadable(props: Props) {
    // Chosen once per mount: switching from Lazy to the loaded component would remount it.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Preloadable, { preload });
}

/**
 * Props that ask for a component's code as soon as the user shows they may want it (hovering,
 * focusing or pressing what opens it): well before the click on a keyboard or a mouse, and at
 * least the press-to-release time on a phone. Not on idle: code asked for while the page still
 * draws competes with what it draws.
 */
export function preloadOnIntent(preload: () => unknown) {
  const ask = () => void preload();
  return { onPointerEnter: ask, onPointerDown: ask, onFocus: ask };
}
