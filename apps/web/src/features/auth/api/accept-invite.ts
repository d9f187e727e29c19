import { AcceptInviteRequest } from '@call-insights/contracts/members';
import { membersApi } from '@call-insights/contracts/members.routes';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The form's fields: the request without the token, which comes from the link. */
export const acceptInviteFormSchema = AcceptInviteRequest.omit({ token: true });
export type AcceptInviteForm = (typeof acceptInviteFormSchema)['_input'];

/** GET /users/invite/:token: what the link is for, or the server's reason it no longer works. */
export function invitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitations', 'preview', token],
    queryFn: ({ signal }) => callApi(membersApi.previewInvite, { params: { token } }, { signal }),
    retry: false,
  });
}

export function useAcceptInvite() {
  return useMutation({
    mutationFn: (body: AcceptInviteRequest) => callApi(membersApi.acceptInvite, { body }),
  });
}
