/**
 * The trained clause classifier (`clause-model.json`, written by `scripts/train-clause-model.ts` from
 * the development set only), checked on first use against the feature version of `clause-model.ts`
 * (checked lazily, so the training script can run when the two differ).
 */
import { FEATURE_VERSION, type ClauseModel } from './clause-model.js';
import trained from './clause-model.json' with { type: 'json' };

export function clauseModel(): ClauseModel {
  if (trained.version !== FEATURE_VERSION)
    throw new Error(
      `clause-model.json was trained for features v${trained.version}, the code computes v${FEATURE_VERSION}: run npm run train:analysis -w @call-insights/server`,
    );
  return trained;
}
