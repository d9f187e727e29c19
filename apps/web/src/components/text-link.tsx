import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/cn';

export const textLinkClasses =
  'font-semibold text-indigo-600 hover:text-indigo-500 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-400 dark:hover:text-indigo-300';

export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link className={cn(textLinkClasses, className)} {...props} />;
}
