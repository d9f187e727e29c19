import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/auth';

/** The admin screens are for the role admin only (the server refuses everyone else as well). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('crm');
  const { data: user, isLoading } = useCurrentUser();
  if (!user) return isLoading ? <Spinner label={t('loading')} /> : null;
  if (user.role !== 'admin') return <Alert tone="warning">{t('adminOnly')}</Alert>;
  return <>{children}</>;
}
