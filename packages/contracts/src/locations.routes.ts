import { defineRoute } from './http.js';
import {
  ActiveLocationsResponse,
  LocationQuery,
  LocationResponse,
  LocationsResponse,
  MsgSuccessResponse,
  OAuthCallbackRequest,
  RenameLocationRequest,
  SaveCompanyResponse,
  SaveLocationResponse,
  SetActiveRequest,
  UserIdQuery,
} from './locations.js';

/**
 * The /locations calls of spec document 1 section 7 and document 2 section 7, scoped to the
 * caller's organization (another organization's id answers 404). `POST /locations` and
 * `POST /locations/company` finish an OAuth install: the /redirect page posts `code` and `state`,
 * the server exchanges the code and saves the account(s); no token ever reaches the browser.
 */
const tags = ['locations'] as const;

export const locationsApi = {
  profile: defineRoute({
    method: 'GET',
    path: '/locations/profile',
    access: 'member',
    summary: 'My organization’s CRM accounts (account settings table)',
    tags,
    query: UserIdQuery,
    response: LocationsResponse,
  }),
  setActive: defineRoute({
    method: 'PUT',
    path: '/locations/active',
    access: 'admin',
    summary: 'Turn an account’s "Active sync" on or off',
    tags,
    body: SetActiveRequest,
    response: MsgSuccessResponse,
    errors: ['NOT_FOUND'],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/locations',
    access: 'admin',
    summary: 'CRM accounts for the admin page, de-duplicated by name (latest updatedAt kept)',
    tags,
    query: UserIdQuery,
    response: LocationsResponse,
  }),
  saveLocation: defineRoute({
    method: 'POST',
    path: '/locations',
    access: 'admin',
    summary: 'Finish a Location install: exchange the code, save the location',
    tags,
    body: OAuthCallbackRequest,
    status: 201,
    response: SaveLocationResponse,
    errors: ['BAD_REQUEST', 'UNAVAILABLE'],
  }),
  saveCompany: defineRoute({
    method: 'POST',
    path: '/locations/company',
    access: 'admin',
    summary: 'Finish a Company install: exchange the code, save every sub-location',
    tags,
    body: OAuthCallbackRequest,
    status: 201,
    response: SaveCompanyResponse,
    errors: ['BAD_REQUEST', 'UNAVAILABLE'],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/locations/location',
    access: 'admin',
    summary: 'An account with its users',
    tags,
    query: LocationQuery,
    response: LocationResponse,
    errors: ['NOT_FOUND'],
  }),
  rename: defineRoute({
    method: 'PUT',
    path: '/locations/location',
    access: 'admin',
    summary: 'Rename an account',
    tags,
    body: RenameLocationRequest,
    response: MsgSuccessResponse,
    errors: ['NOT_FOUND'],
  }),
  activeLocations: defineRoute({
    method: 'GET',
    path: '/locations/active-locations',
    access: 'member',
    summary: 'Active CRM accounts for the import dialog',
    tags,
    query: UserIdQuery,
    response: ActiveLocationsResponse,
  }),
} as const;
