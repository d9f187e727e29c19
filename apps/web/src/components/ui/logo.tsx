import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

type LogoVariant = 'light' | 'dark';

/** The mark: a rounded square with a sound-wave, coloured for a light or a dark background. */
function LogoMark({ variant, className }: { variant: LogoVariant; className?: string }) {
  const tile = variant === 'light' ? '#4f46e5' : '#818cf8';
  const wave = variant === 'light' ? '#ffffff' : '#111827';
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill={tile} />
      <path
        d="M9 18v-4M13 21V11M17 23V9M21 20v-8M25 17v-2"
        stroke={wave}
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

type LogoProps = {
  className?: string;
  /** Force one variant; by default the light logo shows in light mode and the dark one in dark mode. */
  variant?: LogoVariant;
};

export function Logo({ className, variant }: LogoProps) {
  const { t } = useTranslation();
  const wordmark = 'text-lg font-semibold tracking-tight';
  const light = (
    <span className={cn('flex items-center gap-x-2.5', !variant && 'dark:hidden')}>
      <LogoMark variant="light" />
      <span className={cn(wordmark, 'text-gray-900')}>{t('common.appName')}</span>
    </span>
  );
  const dark = (
    <span className={cn('flex items-center gap-x-2.5', !variant && 'hidden dark:flex')}>
      <LogoMark variant="dark" />
      <span className={cn(wordmark, 'text-white')}>{t('common.appName')}</span>
    </span>
  );
  return (
    <span className={cn('inline-flex', className)}>
      {variant !== 'dark' && light}
      {variant !== 'light' && dark}
    </span>
  );
}
