/**
 * The analyzer port: one interface, two providers (`rules` offline and deterministic, `llm` through
 * the Vercel AI SDK), chosen by configuration in `create-analyzer.ts`. The `analyze` job calls
 * `analyze` once per recording; the result is stored as is and can be recomputed at any time.
 */
import type { Analysis, AnalyzerName } from '@call-insights/contracts/analysis';
import type { Segment } from '@call-insights/contracts/transcript';

export type AnalyzeInput = {
  segments: Segment[];
  /** Full transcript text; used when there are no segments. */
  text: string;
  /** "en", "fr" or a BCP-47 tag such as "fr-CA"; detected from the text when absent or unsupported. */
  language?: string;
};

export type AnalyzeOptions = {
  /** Aborting cancels the work (the job was cancelled): the analyzer rejects instead of falling back. */
  signal?: AbortSignal;
};

export type Analyzer = {
  name: AnalyzerName;
  analyze(input: AnalyzeInput, opts?: AnalyzeOptions): Promise<Analysis>;
};
