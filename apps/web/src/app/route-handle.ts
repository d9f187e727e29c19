import type enTranslation from '../locales/en/translation.json';

/** Pages whose title and description live under `pages.<key>` in the locale files. */
export type PageKey = keyof (typeof enTranslation)['pages'];

/** Set as a route's `handle`: the shell header reads the title and description from it. */
export type RouteHandle = { page: PageKey };

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'page' in value && typeof value.page === 'string';
}
