import type { HubResponse } from '@call-insights/contracts/manager';
import { useTranslation } from 'react-i18next';

/** Within this many points of the anchor the balance counts as right. */
const NEAR = 0.05;

/** Binds each number to a following "%" (French "34 %") so a line never breaks between them. */
function keepUnitsTogether(text: string): string {
  return text.replace(/(\d) (?=%)/g, '$1\u00a0');
}

/** The rep's mean share of talk time this week against the 43:57 anchor of winning calls. */
export function TalkRatio({ ratio }: { ratio: HubResponse['talkRatio'] }) {
  const { t } = useTranslation('teams');
  const anchorRep = Math.round(ratio.anchor.rep * 100);
  const anchorCustomer = Math.round(ratio.anchor.customer * 100);
  const anchor = t('hub.ratioAnchor', { rep: anchorRep, customer: anchorCustomer });

  if (ratio.average === null) {
    return (
      <>
        <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{t('hub.ratioNone')}</p>
        <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">{anchor}</p>
      </>
    );
  }
  const rep = Math.round(ratio.average * 100);
  const gap = ratio.average - ratio.anchor.rep;
  const advice = Math.abs(gap) <= NEAR ? 'hub.ratioNear' : gap > 0 ? 'hub.ratioAbove' : 'hub.ratioBelow';

  return (
    <>
      <p className="mt-1 text-2xl font-semibold text-gray-900 tabular-nums dark:text-white">
        {keepUnitsTogether(t('hub.ratioValue', { rep, customer: 100 - rep }))}
      </p>
      <div
        className="relative mt-3 h-2.5 rounded-full bg-emerald-200 dark:bg-emerald-500/30"
        aria-hidden="true"
      >
        <div className="h-2.5 rounded-l-full bg-indigo-500" style={{ width: `${rep}%` }} />
        <div
          className="absolute -top-1 h-4.5 w-0.5 bg-gray-900 dark:bg-white"
          style={{ left: `${anchorRep}%` }}
          title={anchor}
        />
      </div>
      <p className="mt-2 text-xs text-gray-500 dark:text-gray-400">
        {anchor} · {t('hub.ratioCalls', { count: ratio.calls })}
      </p>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t(advice)}</p>
    </>
  );
}
