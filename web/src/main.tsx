import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// loaded after the first screen (the login page's weight is budgeted); it sweeps what is there already
void import('./ui/aria-zh.ts').then(({ localizeAriaLabels }) => localizeAriaLabels(document.body));
