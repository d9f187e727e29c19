import type { Analysis } from '@call-insights/contracts/analysis';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { HighlightsView } from './highlights-view';
import { SectionCard } from './section-card';
import { tabClasses, tabListClasses, tabPanelClasses } from './styles';

type InsightsPanelProps = {
  analysis: Analysis | null;
  /** The Coaching tab's content: the feedback form on the analysis page, saved feedback when shared. */
  coaching: ReactNode;
  /** A third tab after Coaching (the analysis page's "Phrases": tracker mentions). */
  extraTab?: { label: string; content: ReactNode };
};

// From lg up the card is 1000 px high and each panel scrolls inside; below it grows with its content.
const panelClasses = cn(tabPanelClasses, 'p-4 sm:p-6 lg:h-full lg:overflow-y-auto');

/** "Call Insights": 1000 px high from lg up, scrolling inside (as high as its content below); Highlights (default), Coaching and an optional third tab. */
export function InsightsPanel({ analysis, coaching, extraTab }: InsightsPanelProps) {
  const { t } = useTranslation();
  return (
    <SectionCard
      titleId="call-insights-title"
      title={t('analysis.insights.title')}
      flush
      className="lg:h-[1000px]"
    >
      <TabGroup defaultIndex={0} className="flex flex-col lg:h-full">
        <TabList aria-label={t('analysis.insights.tabsLabel')} className={tabListClasses}>
          <Tab className={tabClasses}>{t('analysis.insights.highlights')}</Tab>
          <Tab className={tabClasses}>{t('analysis.insights.coaching')}</Tab>
          {extraTab && <Tab className={tabClasses}>{extraTab.label}</Tab>}
        </TabList>
        <TabPanels className="lg:min-h-0 lg:flex-1">
          <TabPanel className={panelClasses}>
            <HighlightsView analysis={analysis} />
          </TabPanel>
          {/* Kept mounted so a feedback request in flight and its answer survive a tab switch. */}
          <TabPanel unmount={false} className={panelClasses}>
            {coaching}
          </TabPanel>
          {extraTab && <TabPanel className={panelClasses}>{extraTab.content}</TabPanel>}
        </TabPanels>
      </TabGroup>
    </SectionCard>
  );
}
