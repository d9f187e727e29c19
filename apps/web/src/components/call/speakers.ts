/** Who is the rep and who the customer, and the colour and side each speaker gets on screen. */

export type SpeakerRole = 'rep' | 'customer' | 'unknown';
export type SpeakerTone = 0 | 1 | 2 | 3 | 4;
export type SpeakerInfo = { speaker: string; role: SpeakerRole; tone: SpeakerTone; side: 'start' | 'end' };

const TONE_COUNT = 5;
const toTone = (position: number) => (position % TONE_COUNT) as SpeakerTone;

/**
 * With a known rep: the rep comes first, with the first colour, on the right; every other speaker
 * is a customer on the left. Without one: speakers keep their order, the first on the left and
 * the others on the right.
 */
export function describeSpeakers(
  order: readonly string[],
  repSpeaker: string | null | undefined,
): SpeakerInfo[] {
  const rep = repSpeaker && order.includes(repSpeaker) ? repSpeaker : null;
  if (!rep) {
    return order.map((speaker, index) => ({
      speaker,
      role: 'unknown',
      tone: toTone(index),
      side: index === 0 ? 'start' : 'end',
    }));
  }
  const customers = order.filter((speaker) => speaker !== rep);
  return [
    { speaker: rep, role: 'rep', tone: 0, side: 'end' },
    ...customers.map((speaker, index): SpeakerInfo => ({
      speaker,
      role: 'customer',
      tone: toTone(index + 1),
      side: 'start',
    })),
  ];
}

export function speakerMap(infos: readonly SpeakerInfo[]): Map<string, SpeakerInfo> {
  return new Map(infos.map((info) => [info.speaker, info]));
}
