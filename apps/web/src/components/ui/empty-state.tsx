import { InboxIcon } from '@heroicons/react/24/outline';
import type { ComponentType, ReactNode, SVGProps } from 'react';

type EmptyStateProps = {
  title: string;
  description?: string;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  action?: ReactNode;
};

export function EmptyState({ title, description, icon: Icon = InboxIcon, action }: EmptyStateProps) {
  return (
    <div className="rounded-lg border-2 border-dashed border-gray-300 px-6 py-12 text-center dark:border-white/15">
      <Icon aria-hidden="true" className="mx-auto size-12 text-gray-400 dark:text-gray-500" />
      <h2 className="mt-2 text-sm font-semibold text-gray-900 dark:text-white">{title}</h2>
      {description && <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{description}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
