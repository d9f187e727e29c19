type PageHeadingProps = { title: string; description?: string };

/** Title and description of a page outside the signed-in shell. */
export function PageHeading({ title, description }: PageHeadingProps) {
  return (
    <div className="mb-8">
      <h1 className="text-2xl/8 font-bold tracking-tight text-gray-900 sm:text-3xl dark:text-white">
        {title}
      </h1>
      {description && <p className="mt-2 text-sm/6 text-gray-600 dark:text-gray-400">{description}</p>}
    </div>
  );
}
