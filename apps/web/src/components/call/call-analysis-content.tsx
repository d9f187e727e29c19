import type { SharedAnalysis } from '@call-insights/contracts/analysis-record';
import { useMemo, type ReactNode } from 'react';
import { AnalysisPieChart } from './analysis-pie-chart';
import { ContactCard } from './contact-card';
import { DialogueList } from './dialogue-list';
import { mergeTurns, speakerOrder, type Turn } from './dialogue';
import { InsightsPanel } from './insights-panel';
import { MetricsCard } from './metrics-card';
import { describeSpeakers, speakerMap, type SpeakerInfo } from './speakers';
import { TranscriptTabs } from './transcript-tabs';

export type DialogueRenderProps = { turns: Turn[]; speakers: ReadonlyMap<string, SpeakerInfo> };

type CallAnalysisContentProps = {
  call: SharedAnalysis;
  /** The Coaching tab's content. */
  coaching: ReactNode;
  /** Replaces the Dialogue tab's plain list of turns (the analysis page adds its audio player). */
  renderDialogue?: (props: DialogueRenderProps) => ReactNode;
  /** Controls the Transcription/Dialogue tabs (the analysis page opens Dialogue to play a moment). */
  transcriptTab?: { index: number; onChange: (index: number) => void };
  /** A third "Call Insights" tab (the analysis page's Phrases). */
  extraInsightsTab?: { label: string; content: ReactNode };
};

/**
 * Everything the analysis and share pages show about one call: contact card, "Call Analysis"
 * chart, Transcription/Dialogue tabs, conversation metrics and the "Call Insights" panel.
 */
export function CallAnalysisContent({
  call,
  coaching,
  renderDialogue,
  transcriptTab,
  extraInsightsTab,
}: CallAnalysisContentProps) {
  const turns = useMemo(() => mergeTurns(call.segments), [call.segments]);
  const repSpeaker = call.metrics?.rep_speaker ?? null;
  const speakerInfos = useMemo(() => {
    const order = speakerOrder([...call.segments, ...(call.metrics?.speakers ?? [])]);
    return describeSpeakers(order, repSpeaker);
  }, [call.segments, call.metrics, repSpeaker]);
  const speakers = useMemo(() => speakerMap(speakerInfos), [speakerInfos]);

  const dialogue = renderDialogue ? (
    renderDialogue({ turns, speakers })
  ) : (
    <div className="p-4 sm:p-6">
      <DialogueList turns={turns} speakers={speakers} />
    </div>
  );

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-5">
        <div className="xl:col-span-3">
          <ContactCard call={call} className="h-full" />
        </div>
        <div className="xl:col-span-2">
          <AnalysisPieChart analysis={call.analysis} className="h-full" />
        </div>
      </div>
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-5">
        <div className="space-y-6 xl:col-span-3">
          <TranscriptTabs transcription={call.transcription} dialogue={dialogue} selected={transcriptTab} />
          {call.metrics && call.metrics.speakers.length > 0 && (
            <MetricsCard metrics={call.metrics} speakers={speakerInfos} />
          )}
        </div>
        <div className="xl:col-span-2">
          <InsightsPanel analysis={call.analysis} coaching={coaching} extraTab={extraInsightsTab} />
        </div>
      </div>
    </div>
  );
}
