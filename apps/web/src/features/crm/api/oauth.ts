import { crmApi } from '@call-insights/contracts/crm.routes';
import type { OAuthCallbackRequest, OAuthStartRequest } from '@call-insights/contracts/locations';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /crm/oauth/start → the consent page (with our signed state) to send the browser to. */
export function startOAuth(input: OAuthStartRequest) {
  return callApi(crmApi.oauthStart, { body: input });
}

/** POST /crm/oauth/callback with the `code` and `state` the consent page returned. */
export function completeOAuth(input: OAuthCallbackRequest) {
  return callApi(crmApi.oauthCallback, { body: input });
}

export function useStartOAuth() {
  return useMutation({ mutationFn: startOAuth });
}

export function useCompleteOAuth() {
  return useMutation({ mutationFn: completeOAuth });
}
