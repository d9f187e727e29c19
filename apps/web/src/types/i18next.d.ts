import 'i18next';
import type enTranslation from '../locales/en/translation.json';

// Module augmentation has to be an interface: it types every t() key against the English file.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enTranslation };
  }
}
