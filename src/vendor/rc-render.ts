import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * rc-util's React/render as antd's wave effect and its static methods call it (render, then
 * unmount), for React 19: rc-util's own looks for render and createRoot on 'react-dom', where
 * React 19 has neither, so it drew nothing, and it brings Babel's regenerator runtime (~3 KB on
 * the wire, in every page) for its async unmount. This is what antd's React 19 patch
 * (unstableSetRender) does, through createRoot. vite.config.ts aliases it for the browser build.
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

export function render(node: ReactElement, container: Element | DocumentFragment): void {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
}

export async function unmount(container: Element | DocumentFragment): Promise<void> {
  // after the current render, as rc-util's does: React refuses to unmount a root while rendering
  await Promise.resolve();
  roots.get(container)?.unmount();
  roots.delete(container);
}
