import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import Root from './Root';
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
