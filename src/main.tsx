import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import Root from './Root';
// antd's styles computed at build time (scripts/antd-styles.tsx), before the portal's own CSS as
// antd's injected styles were: antd skips generating them in the browser
import 'virtual:antd-styles.css';
import './global.css';

// A transition: React renders the first screen in slices that yield to the browser instead of
// one long task (measured as Lighthouse's Total Blocking Time).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
});
