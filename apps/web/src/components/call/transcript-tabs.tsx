import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { SectionCard } from './section-card';
import { tabClasses, tabListClasses, tabPanelClasses } from './styles';

type TranscriptTabsProps = {
  transcription: string | null;
  /** The Dialogue tab's content (turns, with or without a player); it pads itself. */
  dialogue: ReactNode;
  /** Controls which tab shows (0 Transcription, 1 Dialogue); uncontrolled without it. */
  selected?: { index: number; onChange: (index: number) => void };
};

/** The panels scroll inside so a long call does not push the rest of the page down. */
const scrollerClasses = 'max-h-[640px] overflow-y-auto';

/** "Transcription" (the text) and "Dialogue" (speaker turns). */
export function TranscriptTabs({ transcription, dialogue, selected }: TranscriptTabsProps) {
  const { t } = useTranslation();
  const text = transcription?.trim();
  return (
    <SectionCard titleId="call-transcript-title" title={t('analysis.transcript.title')} flush>
      <TabGroup {...(selected ? { selectedIndex: selected.index, onChange: selected.onChange } : {})}>
        <TabList aria-label={t('analysis.transcript.tabsLabel')} className={tabListClasses}>
          <Tab className={tabClasses}>{t('analysis.transcript.transcription')}</Tab>
          <Tab className={tabClasses}>{t('analysis.transcript.dialogue')}</Tab>
        </TabList>
        <TabPanels>
          <TabPanel className={cn(tabPanelClasses, scrollerClasses, 'p-4 sm:p-6')}>
            {text ? (
              <p className="text-sm/7 whitespace-pre-line text-gray-700 dark:text-gray-300">{text}</p>
            ) : (
              <p className="text-sm text-gray-500 dark:text-gray-400">
                {t('analysis.transcript.noTranscription')}
              </p>
            )}
          </TabPanel>
          {/* Kept mounted so the player keeps playing while the Transcription tab is shown. */}
          <TabPanel unmount={false} className={cn(tabPanelClasses, scrollerClasses)}>
            {dialogue}
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </SectionCard>
  );
}
