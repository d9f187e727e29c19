/** Owns POST /api/recordings/samples ("Try sample calls"). */
import { recordingsApi } from '@call-insights/contracts/recordings.routes';
import type { Router } from '../../http/route.js';
import type { SamplesService } from './samples.service.js';

export function samplesRoutes(router: Router, samples: SamplesService): void {
  router.route(recordingsApi.importSamples, async ({ caller }) => samples.importSamples(caller));
}
