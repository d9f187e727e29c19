import {
  CheckCircleIcon,
  ExclamationTriangleIcon,
  InformationCircleIcon,
  XCircleIcon,
} from '@heroicons/react/20/solid';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type AlertTone = 'error' | 'success' | 'info' | 'warning';

const tones: Record<AlertTone, { box: string; icon: string; Icon: typeof XCircleIcon }> = {
  error: {
    box: 'bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-200 dark:outline dark:outline-red-500/20',
    icon: 'text-red-400',
    Icon: XCircleIcon,
  },
  success: {
    box: 'bg-green-50 text-green-800 dark:bg-green-500/10 dark:text-green-200 dark:outline dark:outline-green-500/20',
    icon: 'text-green-400',
    Icon: CheckCircleIcon,
  },
  info: {
    box: 'bg-blue-50 text-blue-800 dark:bg-blue-500/10 dark:text-blue-200 dark:outline dark:outline-blue-500/20',
    icon: 'text-blue-400',
    Icon: InformationCircleIcon,
  },
  warning: {
    box: 'bg-yellow-50 text-yellow-800 dark:bg-yellow-500/10 dark:text-yellow-100 dark:outline dark:outline-yellow-500/20',
    icon: 'text-yellow-400',
    Icon: ExclamationTriangleIcon,
  },
};

type AlertProps = { tone: AlertTone; children: ReactNode; className?: string };

/** Errors are announced at once (role alert); other tones politely (role status). */
export function Alert({ tone, children, className }: AlertProps) {
  const { box, icon, Icon } = tones[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-md p-4', box, className)}>
      <div className="flex gap-x-3">
        <Icon aria-hidden="true" className={cn('size-5 shrink-0', icon)} />
        <div className="text-sm font-medium">{children}</div>
      </div>
    </div>
  );
}
