import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';
import './lib/i18n';
import { applyDarkMode, isDarkMode } from './lib/theme';
import { configureValidationMessages } from './lib/validation';

configureValidationMessages();
applyDarkMode(isDarkMode());

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
