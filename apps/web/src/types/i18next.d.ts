import 'i18next';
import type enAnalysis from '../locales/en/analysis.json';
import type enAssistant from '../locales/en/assistant.json';
import type enRecordings from '../locales/en/recordings.json';
import type enCrm from '../locales/en/crm.json';
import type enOrganization from '../locales/en/organization.json';
import type enTeams from '../locales/en/teams.json';
import type enTrackers from '../locales/en/trackers.json';
import type enTranslation from '../locales/en/translation.json';

// Module augmentation has to be an interface: it types every t() key against the English files.
// A feature that adds `locales/{en,fr}/<feature>.json` adds its line to `resources` here; the
// files themselves are found and loaded by `src/lib/i18n.ts` without any registration.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // Keep in step with `sectionNamespaces` in src/lib/i18n.ts.
    fallbackNS: ['recordings', 'analysis'];
    resources: {
      translation: typeof enTranslation;
      recordings: typeof enRecordings;
      analysis: typeof enAnalysis;
      organization: typeof enOrganization;
      crm: typeof enCrm;
      assistant: typeof enAssistant;
      teams: typeof enTeams;
      trackers: typeof enTrackers;
    };
  }
}
