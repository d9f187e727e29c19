/**
 * An answer rendered as GitHub-flavoured markdown (tables, strikethrough, task lists, footnotes).
 * Links keep only the spec's schemes and our own /main/ pages (opened in the app); raw HTML is not
 * rendered and images are shown as their text, so an answer cannot load anything from elsewhere.
 */
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';
import { safeUrl } from '../lib/conversations';

const components: Components = {
  a: ({ href, children }) => {
    const url = href ? safeUrl(href) : '';
    if (!url) return <span>{children}</span>;
    if (url.startsWith('/main/')) {
      return (
        <Link
          to={url}
          className="font-medium text-indigo-600 underline hover:text-indigo-500 dark:text-indigo-400"
        >
          {children}
        </Link>
      );
    }
    return (
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="font-medium text-indigo-600 underline hover:text-indigo-500 dark:text-indigo-400"
      >
        {children}
      </a>
    );
  },
  img: ({ alt }) => <span>{alt}</span>,
  table: ({ children }) => (
    <div className="my-2 overflow-x-auto">
      <table className="min-w-full divide-y divide-gray-300 text-left text-sm dark:divide-white/15">
        {children}
      </table>
    </div>
  ),
  th: ({ children }) => <th className="px-2 py-1.5 font-semibold whitespace-nowrap">{children}</th>,
  td: ({ children }) => (
    <td className="border-t border-gray-200 px-2 py-1.5 dark:border-white/10">{children}</td>
  ),
  ul: ({ children, className }) => (
    <ul
      className={
        className?.includes('contains-task-list') ? 'my-2 space-y-1' : 'my-2 list-disc space-y-1 pl-5'
      }
    >
      {children}
    </ul>
  ),
  ol: ({ children }) => <ol className="my-2 list-decimal space-y-1 pl-5">{children}</ol>,
  p: ({ children }) => <p className="my-2 first:mt-0 last:mb-0">{children}</p>,
  blockquote: ({ children }) => (
    <blockquote className="my-2 border-l-4 border-gray-300 pl-3 text-gray-600 dark:border-white/20 dark:text-gray-300">
      {children}
    </blockquote>
  ),
  code: ({ children }) => (
    <code className="rounded bg-gray-100 px-1 py-0.5 font-mono text-xs dark:bg-white/10">{children}</code>
  ),
};

export default function MarkdownMessage({ text }: { text: string }) {
  return (
    <div className="text-sm/6 break-words">
      <Markdown remarkPlugins={[remarkGfm]} urlTransform={safeUrl} components={components} skipHtml>
        {text}
      </Markdown>
    </div>
  );
}
