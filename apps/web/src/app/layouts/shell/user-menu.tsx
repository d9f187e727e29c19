import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ChevronDownIcon } from '@heroicons/react/20/solid';
import type { User } from '@call-insights/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { signOut } from '../../../lib/auth';
import { paths } from '../../../config/paths';
import { UserAvatar } from './user-avatar';

const itemClasses =
  'block w-full px-3 py-1.5 text-left text-sm/6 text-gray-900 data-focus:bg-gray-50 data-focus:outline-hidden dark:text-white dark:data-focus:bg-white/5';

export function UserMenu({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fullName = [user?.firstname, user?.lastname].filter(Boolean).join(' ');

  const handleSignOut = () => {
    signOut(queryClient);
    void navigate(paths.signIn.getHref(), { replace: true });
  };

  return (
    <Menu as="div" className="relative">
      <MenuButton className="-m-1.5 flex items-center rounded-md p-1.5 focus-visible:outline-2 focus-visible:outline-indigo-600">
        <span className="sr-only">{t('nav.openUserMenu')}</span>
        <UserAvatar firstName={user?.firstname} />
        <span className="hidden lg:flex lg:items-center">
          {fullName && (
            <span className="ml-3 text-sm/6 font-semibold text-gray-900 dark:text-white">{fullName}</span>
          )}
          <ChevronDownIcon aria-hidden="true" className="ml-2 size-5 text-gray-400 dark:text-gray-500" />
        </span>
      </MenuButton>
      <MenuItems
        transition
        className="absolute right-0 z-10 mt-2.5 w-44 origin-top-right rounded-md bg-white py-2 shadow-lg ring-1 ring-gray-900/5 transition focus:outline-hidden data-closed:scale-95 data-closed:transform data-closed:opacity-0 data-enter:duration-100 data-enter:ease-out data-leave:duration-75 data-leave:ease-in dark:bg-gray-800 dark:shadow-none dark:-outline-offset-1 dark:outline-white/10 dark:ring-0 dark:outline"
      >
        <MenuItem>
          <Link to={paths.main.profile.getHref()} className={itemClasses}>
            {t('nav.profile')}
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={paths.main.account.getHref()} className={itemClasses}>
            {t('nav.account')}
          </Link>
        </MenuItem>
        <MenuItem>
          <button type="button" onClick={handleSignOut} className={itemClasses}>
            {t('nav.signOut')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
