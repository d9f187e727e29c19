import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ArrowPathIcon, EllipsisVerticalIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';

type AnalysisActionsMenuProps = { canRerun: boolean; onRerun: () => void };

/** The page's secondary actions: "Re-run analysis". */
export function AnalysisActionsMenu({ canRerun, onRerun }: AnalysisActionsMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu as="div" className="relative">
      <MenuButton className="flex items-center rounded-md bg-white p-2 text-gray-500 shadow-xs ring-1 ring-gray-300 ring-inset hover:bg-gray-50 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:bg-white/10 dark:text-gray-300 dark:ring-white/10 dark:hover:bg-white/20 dark:hover:text-white">
        <span className="sr-only">{t('analysis.page.moreActions')}</span>
        <EllipsisVerticalIcon aria-hidden="true" className="size-5" />
      </MenuButton>
      <MenuItems
        transition
        anchor="bottom end"
        className="z-30 mt-2 w-52 origin-top-right rounded-md bg-white py-1 shadow-lg ring-1 ring-gray-900/5 transition focus:outline-hidden data-closed:scale-95 data-closed:opacity-0 data-enter:duration-100 data-enter:ease-out data-leave:duration-75 data-leave:ease-in dark:bg-gray-800 dark:shadow-none dark:-outline-offset-1 dark:outline-white/10 dark:ring-0 dark:outline"
      >
        <MenuItem disabled={!canRerun}>
          <button
            type="button"
            onClick={onRerun}
            className="flex w-full items-center gap-x-2 px-4 py-2 text-left text-sm text-gray-700 data-disabled:cursor-not-allowed data-disabled:opacity-50 data-focus:bg-gray-100 data-focus:text-gray-900 data-focus:outline-hidden dark:text-gray-300 dark:data-focus:bg-white/5 dark:data-focus:text-white"
          >
            <ArrowPathIcon aria-hidden="true" className="size-4 text-gray-400" />
            {t('analysis.page.rerun')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
