import type { DefaultTrackerKey } from '@call-insights/contracts/trackers';

/**
 * A tracker's name as shown: a default tracker that keeps its default name (`defaultName`, from the
 * server) is named in the reader's language; a tracker the organization named or renamed, as named.
 */
const KEYS: Record<DefaultTrackerKey, `defaults.${'competitors' | 'budget' | 'timing' | 'decisionMakers'}`> =
  {
    competitors: 'defaults.competitors',
    budget: 'defaults.budget',
    timing: 'defaults.timing',
    'decision-makers': 'defaults.decisionMakers',
  };

/** `t` is the `trackers` namespace's translate function. */
export function trackerDisplayName(
  tracker: { name: string; defaultName: DefaultTrackerKey | null },
  t: (key: (typeof KEYS)[DefaultTrackerKey]) => string,
): string {
  return tracker.defaultName ? t(KEYS[tracker.defaultName]) : tracker.name;
}
