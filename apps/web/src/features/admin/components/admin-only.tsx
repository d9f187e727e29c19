import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleGate } from '../../../components/role-gate';

/** The admin screens are for the role admin only (the server refuses everyone else as well). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('crm');
  return (
    <RoleGate role="admin" message={t('adminOnly')}>
      {children}
    </RoleGate>
  );
}
