import { CrmSettings, SyncRun, SyncRunParams, SyncStartRequest, WebhookAck } from './crm.js';
import { defineRoute } from './http.js';
import {
  CrmProvider,
  OAuthCallbackRequest,
  OAuthCallbackResponse,
  OAuthStartRequest,
  OAuthStartResponse,
} from './locations.js';

/**
 * HighLevel integration: provider label, the server-side OAuth install (start → consent page →
 * /redirect posts back), call sync start/status, write-back setting and the vendor's webhooks.
 */
const tags = ['crm'] as const;

export const crmApi = {
  provider: defineRoute({
    method: 'GET',
    path: '/crm/provider',
    access: 'member',
    summary: 'Which CRM the server talks to ("Sandbox CRM" on the embedded defaults)',
    tags,
    response: CrmProvider,
  }),
  oauthStart: defineRoute({
    method: 'POST',
    path: '/crm/oauth/start',
    access: 'admin',
    summary: 'The consent page URL with a signed, single-use state bound to me and the install type',
    tags,
    body: OAuthStartRequest,
    response: OAuthStartResponse,
  }),
  oauthCallback: defineRoute({
    method: 'POST',
    path: '/crm/oauth/callback',
    access: 'admin',
    summary: 'Finish an install of either type (the state says which): exchange the code, save accounts',
    tags,
    body: OAuthCallbackRequest,
    status: 201,
    response: OAuthCallbackResponse,
    errors: ['BAD_REQUEST', 'UNAVAILABLE'],
  }),
  startSync: defineRoute({
    method: 'POST',
    path: '/crm/sync',
    access: 'admin',
    summary:
      'Sync an account’s calls for a window (default: the last 30 days; no future dates). LocationNotFound answers 404.',
    tags,
    body: SyncStartRequest,
    status: 202,
    response: SyncRun,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  syncStatus: defineRoute({
    method: 'GET',
    path: '/crm/sync/:id',
    access: 'admin',
    summary: 'State and progress counts of a sync',
    tags,
    params: SyncRunParams,
    response: SyncRun,
    errors: ['NOT_FOUND'],
  }),
  getSettings: defineRoute({
    method: 'GET',
    path: '/crm/settings',
    access: 'admin',
    summary: 'Organization CRM settings (write-back)',
    tags,
    response: CrmSettings,
  }),
  putSettings: defineRoute({
    method: 'PUT',
    path: '/crm/settings',
    access: 'admin',
    summary: 'Turn write-back of analysis notes to HighLevel contacts on or off',
    tags,
    body: CrmSettings,
    response: CrmSettings,
  }),
  webhook: defineRoute({
    method: 'POST',
    path: '/crm/webhooks/highlevel',
    // Authenticated by the Ed25519 signature in x-ghl-signature, not by a user token.
    access: 'public',
    summary: 'HighLevel webhooks (call messages, INSTALL, UNINSTALL), signature-checked',
    tags,
    response: WebhookAck,
    errors: ['UNAUTHORIZED', 'BAD_REQUEST', 'CONFLICT'],
  }),
} as const;
