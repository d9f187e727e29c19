import { Dialog, DialogBackdrop, DialogPanel, TransitionChild } from '@headlessui/react';
import {
  BuildingOfficeIcon,
  ChartBarSquareIcon,
  ChatBubbleBottomCenterTextIcon,
  Cog6ToothIcon,
  PresentationChartLineIcon,
  ShieldCheckIcon,
  SparklesIcon,
  UserCircleIcon,
  UserGroupIcon,
  XMarkIcon,
} from '@heroicons/react/24/outline';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch';
import { Logo } from '../../../components/ui/logo';
import { cn } from '../../../lib/cn';
import { paths } from '../../../config/paths';

type NavItem = {
  key:
    | 'callInsights'
    | 'assistant'
    | 'teamDashboard'
    | 'teamMembers'
    | 'trackers'
    | 'admin'
    | 'organization'
    | 'profile'
    | 'account';
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
};

/** The manager pages, for managers and admins. */
const managerItems: NavItem[] = [
  { key: 'teamDashboard', href: paths.main.managerDashboard.getHref(), icon: PresentationChartLineIcon },
  { key: 'teamMembers', href: paths.main.managerUsers.getHref(), icon: UserGroupIcon },
  { key: 'trackers', href: paths.main.trackers.getHref(), icon: ChatBubbleBottomCenterTextIcon },
];

function useNavSections(isAdmin: boolean, isManager: boolean) {
  const main: NavItem[] = [
    { key: 'callInsights', href: paths.main.recordings.getHref(), icon: ChartBarSquareIcon },
    { key: 'assistant', href: paths.main.assistant.getHref(), icon: SparklesIcon },
    ...(isManager || isAdmin ? managerItems : []),
    ...(isAdmin ? [{ key: 'admin' as const, href: paths.main.admin.getHref(), icon: ShieldCheckIcon }] : []),
  ];
  const settings: NavItem[] = [
    { key: 'profile', href: paths.main.profile.getHref(), icon: UserCircleIcon },
    { key: 'account', href: paths.main.account.getHref(), icon: Cog6ToothIcon },
    ...(isAdmin
      ? [{ key: 'organization' as const, href: paths.main.organization.getHref(), icon: BuildingOfficeIcon }]
      : []),
  ];
  return [
    { key: 'main' as const, items: main },
    { key: 'settings' as const, items: settings },
  ];
}

type SidebarContentProps = {
  isAdmin: boolean;
  isManager?: boolean;
  onNavigate?: () => void;
  inDrawer?: boolean;
};

function SidebarContent({ isAdmin, isManager = false, onNavigate, inDrawer = false }: SidebarContentProps) {
  const { t } = useTranslation();
  const sections = useNavSections(isAdmin, isManager);
  return (
    <div className="flex grow flex-col gap-y-5 overflow-y-auto border-r border-gray-200 bg-white px-6 pb-4 dark:border-white/10 dark:bg-gray-900">
      <div className="flex h-16 shrink-0 items-center">
        <Link
          to={paths.main.dashboard.getHref()}
          onClick={onNavigate}
          aria-label={t('nav.dashboardHome')}
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
        >
          <Logo />
        </Link>
      </div>
      <nav aria-label={t('nav.sidebar')} className="flex flex-1 flex-col">
        <ul role="list" className="flex flex-1 flex-col gap-y-7">
          {sections.map((section) => (
            <li key={section.key}>
              <h2 className="text-xs/6 font-semibold text-gray-400 dark:text-gray-500">
                {t(`nav.${section.key}`)}
              </h2>
              <ul role="list" className="-mx-2 mt-2 space-y-1">
                {section.items.map((item) => (
                  <li key={item.key}>
                    <NavLink
                      to={item.href}
                      onClick={onNavigate}
                      className={({ isActive }) =>
                        cn(
                          'group flex gap-x-3 rounded-md p-2 text-sm/6 font-semibold focus-visible:outline-2 focus-visible:outline-indigo-600',
                          isActive
                            ? 'bg-gray-50 text-indigo-600 dark:bg-white/5 dark:text-white'
                            : 'text-gray-700 hover:bg-gray-50 hover:text-indigo-600 dark:text-gray-400 dark:hover:bg-white/5 dark:hover:text-white',
                        )
                      }
                    >
                      {({ isActive }) => (
                        <>
                          <item.icon
                            aria-hidden="true"
                            className={cn(
                              'size-6 shrink-0',
                              isActive
                                ? 'text-indigo-600 dark:text-white'
                                : 'text-gray-400 group-hover:text-indigo-600 dark:group-hover:text-white',
                            )}
                          />
                          {t(`nav.${item.key}`)}
                        </>
                      )}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </nav>
      {/* The header has no room for the language switch on phones: it lives in the drawer there. */}
      {inDrawer && (
        <div className="sm:hidden">
          <LanguageSwitch />
        </div>
      )}
    </div>
  );
}

export function DesktopSidebar({ isAdmin, isManager }: { isAdmin: boolean; isManager?: boolean }) {
  return (
    <div className="hidden lg:fixed lg:inset-y-0 lg:z-50 lg:flex lg:w-[280px] lg:flex-col">
      <SidebarContent isAdmin={isAdmin} isManager={isManager} />
    </div>
  );
}

type MobileSidebarProps = { open: boolean; onClose: () => void; isAdmin: boolean; isManager?: boolean };

export function MobileSidebar({ open, onClose, isAdmin, isManager }: MobileSidebarProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 lg:hidden">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-gray-900/80 transition-opacity duration-300 ease-linear data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex">
        <DialogPanel
          aria-label={t('nav.sidebar')}
          transition
          className="relative mr-16 flex w-full max-w-[280px] flex-1 transform transition duration-300 ease-in-out data-closed:-translate-x-full"
        >
          <TransitionChild>
            <div className="absolute top-0 left-full flex w-16 justify-center pt-5 duration-300 ease-in-out data-closed:opacity-0">
              <button
                type="button"
                onClick={onClose}
                className="-m-2.5 rounded-md p-2.5 focus-visible:outline-2 focus-visible:outline-white"
              >
                <span className="sr-only">{t('nav.closeSidebar')}</span>
                <XMarkIcon aria-hidden="true" className="size-6 text-white" />
              </button>
            </div>
          </TransitionChild>
          <SidebarContent isAdmin={isAdmin} isManager={isManager} onNavigate={onClose} inDrawer />
        </DialogPanel>
      </div>
    </Dialog>
  );
}
