import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';
import { i18nReady } from './lib/i18n';
import { applyDarkMode, isDarkMode } from './lib/theme';
import { configureValidationMessages } from './lib/validation';

configureValidationMessages();
applyDarkMode(isDarkMode());

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const root = createRoot(container);
// The current language's shell texts arrive in their own small chunk; render once they are here
// (a failed fetch still renders, showing keys rather than a blank page).
void i18nReady.finally(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
