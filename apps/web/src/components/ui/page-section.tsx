import type { ReactNode } from 'react';

type PageSectionProps = { titleId: string; title: string; description?: string; children: ReactNode };

/** A settings-style section: heading and description on the left, content on the right. */
export function PageSection({ titleId, title, description, children }: PageSectionProps) {
  return (
    <section
      aria-labelledby={titleId}
      className="grid grid-cols-1 gap-x-8 gap-y-8 py-10 first:pt-0 md:grid-cols-3"
    >
      <div>
        <h2 id={titleId} className="text-base/7 font-semibold text-gray-900 dark:text-white">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm/6 text-gray-600 dark:text-gray-400">{description}</p>}
      </div>
      <div className="md:col-span-2">{children}</div>
    </section>
  );
}
