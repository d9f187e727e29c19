/**
 * The trained speaker scorer (`speaker-model.json`, written by `scripts/train-speaker-model.ts` from
 * the development set only). A model of another feature version is not used: the rules pick the rep
 * alone until it is retrained (checked lazily, so the training script runs when the two differ).
 */
import { SPEAKER_FEATURE_VERSION, type SpeakerModel } from './speaker-model.js';
import trained from './speaker-model.json' with { type: 'json' };

export function speakerModel(): SpeakerModel | null {
  return trained.version === SPEAKER_FEATURE_VERSION ? trained : null;
}
