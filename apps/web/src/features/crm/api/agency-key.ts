import { AgencyKeyRequest, type SuccessResponse } from '@call-insights/contracts/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { usersApi } from '@call-insights/contracts/users.routes';
import { callApi } from '../../../lib/api-client';

/** The form holds only the key; the fixed ids and the user id are added on submit. */
export const agencyKeyFormSchema = AgencyKeyRequest.pick({ key: true });
export type AgencyKeyForm = z.input<typeof agencyKeyFormSchema>;

/** Spec 1, section 9: source 1, type 3, organization 1. */
export function buildAgencyKeyRequest(userId: number, key: string): AgencyKeyRequest {
  return { user_id: userId, source_id: 1, type_id: 3, organization_id: 1, key };
}

/** POST /users/agencyKey → { success: 'success' }. */
export function saveAgencyKey(input: AgencyKeyRequest): Promise<z.infer<typeof SuccessResponse>> {
  return callApi(usersApi.saveAgencyKey, { body: input });
}

export function useSaveAgencyKey() {
  return useMutation({ mutationFn: saveAgencyKey });
}
