import type { UserType } from '@call-insights/contracts/users';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { hasValidSession } from '../../../lib/auth';
import { getStoredUserId } from '../../../lib/storage';
import { crmProviderQueryOptions } from '../api/crm-accounts';
import { useStartOAuth } from '../api/oauth';
import { useUpdateUserType } from '../api/user-type';

/** Sends the browser to the CRM's consent page; a seam so tests can see where it goes. */
export const browser = {
  leaveFor(url: string): void {
    window.location.assign(url);
  },
};

/**
 * "Sync CRM" (spec 1, section 4): choose Location or Company, the user type is saved, the server
 * starts the OAuth install (signed state) and the browser leaves for the consent page; the CRM
 * comes back to /redirect with a code.
 */
export function useCrmConnect() {
  const updateUserType = useUpdateUserType();
  const startOAuth = useStartOAuth();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const signedIn = hasValidSession();
  const provider = useQuery({ ...crmProviderQueryOptions(), enabled: signedIn });

  const sync = (userType: UserType) => {
    const userId = getStoredUserId();
    setFailure(null);
    if (!hasValidSession() || userId === null) {
      setDialogOpen(false);
      setNeedsSignIn(true);
      return;
    }
    const fail = (error: Error) => {
      // Spec: CRM OAuth failures are logged; the page also says what went wrong.
      console.error('Error starting the CRM connection', error);
      setFailure(error.message);
      setDialogOpen(false);
    };
    updateUserType.mutate(
      { user_type: userType, user_id: userId },
      {
        onSuccess: () =>
          startOAuth.mutate(
            { user_type: userType },
            { onSuccess: ({ url }) => browser.leaveFor(url), onError: fail },
          ),
        onError: fail,
      },
    );
  };

  return {
    dialogOpen,
    openDialog: () => setDialogOpen(true),
    closeDialog: () => setDialogOpen(false),
    sync,
    // Stays busy once the consent page is on its way: the browser is leaving.
    isSyncing: updateUserType.isPending || startOAuth.isPending || startOAuth.isSuccess,
    failure,
    needsSignIn,
    providerLabel: provider.data?.label,
  };
}
