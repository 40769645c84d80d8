/**
 * antd's styles of the portal, computed once at build time instead of in every visitor's browser
 * (antd's "static extract style", https://ant.design/docs/react/server-side-rendering): each antd
 * component the portal uses is rendered once on the server side with the portal's theme, inside a
 * StyleProvider whose cache collects the CSS that antd's CSS-in-JS would otherwise generate and
 * inject at first render of that component (on a phone, the largest task of a signed-in page's
 * first load: serializing and inserting the styles). `extractStyle` writes that CSS and a marker
 * rule listing each style it holds; antd's runtime reads the marker once and skips generating those
 * styles (a component that is not in the file still gets its style at runtime, as before).
 *
 * The hashes in the class names and in the marker depend on antd's version and the theme, both
 * shared with the build, so the file matches the bundle it ships with. Run by the Vite build
 * (scripts/vite-plugins.ts, antdStaticStyles) in a process of its own with NODE_ENV=production:
 * antd names its hashed classes differently in development. Prints the CSS.
 */
// React in scope: tsx compiles this file's JSX with the classic transform
import React, { Fragment, type ComponentType, type ReactNode } from 'react';
import fs from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import { theme } from '../src/shell/theme';

/**
 * Components that need something else than a bare render. Not the popups' panels of antd's own
 * extractor (a select's or a date picker's dropdown, a modal's panel): they render under a theme
 * of their own (no motion), whose styles the portal never uses; the component itself registers
 * its popup's style.
 */
const CUSTOM: Record<string, () => ReactNode> = {
  // its holder (useNotification) registers the toasts' style
  notification: () => <antd.notification._InternalPanelDoNotUseOrYouWillBeFired />,
};

/**
 * The components the portal imports from 'antd' (read from src/, so a new one is included by the
 * next build), and those that they show inside them (a table's pagination and checkboxes, a
 * select's empty list, the toasts). Only these: all of antd's would be 1.1 MB of CSS (64 KB
 * Brotli) for every first page.
 */
function usedComponents(): Set<string> {
  const used = new Set(['Pagination', 'Empty', 'Spin', 'Checkbox', 'Radio', 'Tooltip', 'notification']);
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(e.name)) {
        for (const m of fs.readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
          for (const name of m[1].split(',').map((n) => n.trim())) if (/^[A-Z]\w*$/.test(name)) used.add(name);
        }
      }
    }
  };
  walk(path.join(import.meta.dirname, '../src'));
  used.delete('ConfigProvider');
  return used;
}

const used = usedComponents();
const entries = Object.entries(antd as unknown as Record<string, unknown>).filter(([name]) => used.has(name));

const cache = createCache();
// each alone: one that cannot render outside a browser leaves the others' styles in the cache
for (const [name, value] of entries) {
  const Comp = value as ComponentType;
  try {
    renderToString(
      <StyleProvider cache={cache}>
        <antd.ConfigProvider theme={theme}>{CUSTOM[name] ? CUSTOM[name]() : <Fragment><Comp /></Fragment>}</antd.ConfigProvider>
      </StyleProvider>,
    );
  } catch {
    /* its style stays generated at runtime */
  }
}
process.stdout.write(extractStyle(cache, true));
