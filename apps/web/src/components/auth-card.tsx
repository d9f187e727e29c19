import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title';

type AuthCardProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Shown under the card, e.g. "Not a member? Sign up". */
  footer?: ReactNode;
};

/** The centred card of the pages outside the signed-in shell (sign-in, sign-up, CRM steps…). */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <div className="w-full">
      <h1 className="text-center text-2xl/9 font-bold tracking-tight text-gray-900 dark:text-white">
        {title}
      </h1>
      {description && (
        <p className="mt-2 text-center text-sm/6 text-gray-600 dark:text-gray-400">{description}</p>
      )}
      <div className="mt-8 bg-white px-6 py-8 shadow-sm sm:rounded-lg sm:px-10 dark:bg-gray-800/50 dark:shadow-none dark:outline dark:-outline-offset-1 dark:outline-white/10">
        {children}
      </div>
      {footer && <div className="mt-8 text-center text-sm/6 text-gray-500 dark:text-gray-400">{footer}</div>}
    </div>
  );
}
