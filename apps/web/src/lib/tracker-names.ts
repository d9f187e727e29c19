/**
 * The default trackers every organization starts with are stored under their English names
 * (`apps/server/src/modules/trackers/default-trackers.ts`); they are shown in the reader's language.
 * A tracker the organization named itself, or renamed, is shown as named.
 */
type DefaultNameKey =
  'defaults.competitors' | 'defaults.budget' | 'defaults.timing' | 'defaults.decisionMakers';

const DEFAULT_NAMES: Readonly<Partial<Record<string, DefaultNameKey>>> = {
  Competitors: 'defaults.competitors',
  Budget: 'defaults.budget',
  Timing: 'defaults.timing',
  'Decision makers': 'defaults.decisionMakers',
};

/** `t` is the `trackers` namespace's translate function. */
export function trackerDisplayName(name: string, t: (key: DefaultNameKey) => string): string {
  const key = DEFAULT_NAMES[name];
  return key ? t(key) : name;
}
