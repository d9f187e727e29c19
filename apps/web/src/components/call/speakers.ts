/** Who is the rep and who the customer, and the colour and side each speaker gets on screen. */
import type { TFunction } from 'i18next';

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

/**
 * A speaker's name on screen: the transcriber's "Speaker 2" in the reader's language ("Intervenant 2"),
 * any other label (a name, "Rep") as written, with the role when it is known ("Speaker 1 (Rep)").
 */
export function speakerName(t: TFunction, speaker: string, info?: SpeakerInfo): string {
  const numbered = /^speaker\s+(\d+)$/iu.exec(speaker.trim());
  const name = numbered ? t('analysis.transcript.numbered', { n: numbered[1] }) : speaker;
  return info && info.role !== 'unknown'
    ? t('analysis.transcript.speakerWithRole', { speaker: name, role: t(`analysis.transcript.${info.role}`) })
    : name;
}
