/**
 * Owns wiring: builds the adapters chosen by config (storage, speech-to-text) and the services
 * and job definitions shared by the HTTP app and the worker, so both see the same objects.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import { createStorage, type StorageConfig } from './adapters/storage/create-storage.js';
import type { StorageAdapter } from './adapters/storage/storage.js';
import { createTranscriber, type TranscriberConfig } from './adapters/transcription/create-transcriber.js';
import type { Transcriber } from './adapters/transcription/transcriber.js';
import { publicUrlOf, type Config } from './config.js';
import { createUrlSigner } from './lib/signed-url.js';
import type { Secrets } from './lib/secrets.js';
import type { Database } from './db/client.js';
import type { JobDefinition, Queue } from './jobs/queue.js';
import { createAnalysisStep } from './modules/analysis/analysis.step.js';
import { createAnalysisRepository } from './modules/analysis/analysis.repository.js';
import { createAnalysisService, type AnalysisService } from './modules/analysis/analysis.service.js';
import type { LlmConfig } from './modules/analysis/engine/config.js';
import { createAnalyzer } from './modules/analysis/engine/create-analyzer.js';
import { loadCoachCatalogue } from './modules/coaching/engine/catalogue.js';
import { createCoach } from './modules/coaching/engine/coaching-engine.js';
import type { CoachCatalogue } from '@call-insights/contracts/analysis';
import { createSealer } from './lib/crypto.js';
import { createPipelineJobs, type RecordingJobPayload } from './modules/recordings/pipeline.js';
import {
  createRecordingsRepository,
  type RecordingsRepository,
} from './modules/recordings/recordings.repository.js';
import { createRecordingsService, type RecordingsService } from './modules/recordings/recordings.service.js';
import type { z } from 'zod';
import type { SafeDownloadOptions } from './adapters/net/safe-fetch.js';
import { publicAddressesOnly } from './adapters/net/address-policy.js';
import { createSamplesService, type SamplesService } from './modules/samples/samples.service.js';

export type Container = {
  storage: StorageAdapter;
  transcriber: Transcriber;
  recordingsRepo: RecordingsRepository;
  recordings: RecordingsService;
  samples: SamplesService;
  analysis: AnalysisService;
  catalogue: CoachCatalogue;
  jobs: JobDefinition<z.ZodType>[];
  close(): Promise<void>;
};

export function storageConfigFrom(config: Config): StorageConfig {
  if (config.STORAGE === 's3') {
    return {
      kind: 's3',
      bucket: config.S3_BUCKET ?? '',
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    };
  }
  return { kind: 'local', dir: path.join(config.DATA_DIR, 'audio') };
}

export function transcriberConfigFrom(config: Config): TranscriberConfig {
  switch (config.TRANSCRIBER) {
    case 'openai':
      return {
        kind: 'openai',
        baseUrl: config.TRANSCRIBER_BASE_URL ?? '',
        apiKey: config.TRANSCRIBER_API_KEY ?? '',
        model: config.TRANSCRIBER_MODEL ?? 'whisper-1',
      };
    case 'deepgram':
      return {
        kind: 'deepgram',
        baseUrl: config.TRANSCRIBER_BASE_URL ?? '',
        apiKey: config.TRANSCRIBER_API_KEY ?? '',
        model: config.TRANSCRIBER_MODEL ?? '',
      };
    case 'whisper':
      return {
        kind: 'whisper',
        modelsDir: path.join(config.DATA_DIR, 'models'),
        model: config.WHISPER_MODEL,
        modelPath: config.WHISPER_MODEL_PATH,
        downloadBaseUrl: config.WHISPER_MODEL_BASE_URL,
      };
  }
}

/** URL_IMPORT_ALLOW_PRIVATE opens exact ip:port holes in the SSRF rule (local development, e2e). */
function urlFetchFrom(config: Config): Pick<SafeDownloadOptions, 'addressPolicy'> | undefined {
  if (!config.URL_IMPORT_ALLOW_PRIVATE) return undefined;
  const allowed = new Set(
    config.URL_IMPORT_ALLOW_PRIVATE.split(',').map((p) => p.trim().replace(/^\[|\](?=:)/g, '')),
  );
  return { addressPolicy: (t) => allowed.has(`${t.address}:${t.port}`) || publicAddressesOnly(t) };
}

export function llmConfigFrom(config: Config): LlmConfig {
  return {
    provider: config.LLM_PROVIDER,
    baseURL: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_SECONDS * 1000,
    chunkChars: config.LLM_CHUNK_CHARS,
  };
}

export function createContainer(
  config: Config,
  database: Database,
  queue: Queue,
  logger: Logger,
  secrets: Secrets,
  overrides: { urlFetch?: Pick<SafeDownloadOptions, 'addressPolicy' | 'lookup'> } = {},
): Container {
  const storage = createStorage(storageConfigFrom(config));
  const transcriber = createTranscriber(transcriberConfigFrom(config), { logger });
  const recordingsRepo = createRecordingsRepository(database.db);
  const llm = llmConfigFrom(config);
  const analyzer = createAnalyzer({ analyzer: config.ANALYZER, llm }, { logger });
  const catalogue = loadCoachCatalogue(config.COACH_CATALOGUE);
  const coach = createCoach({ coach: config.ANALYZER, llm, catalogue }, { logger });

  const enqueue = (job: JobDefinition<typeof RecordingJobPayload>) => async (recordingId: number) => {
    await queue.send(job, { recordingId });
  };
  const pipeline = createPipelineJobs({
    repo: recordingsRepo,
    storage,
    transcriber,
    analyze: createAnalysisStep({ repo: recordingsRepo, analyzer }),
    enqueueAnalyze: (id) => enqueue(pipeline.analyze)(id),
    retryLimit: config.JOB_RETRY_LIMIT,
  });

  const recordings = createRecordingsService({
    repo: recordingsRepo,
    storage,
    enqueueTranscribe: enqueue(pipeline.transcribe),
    enqueueAnalyze: enqueue(pipeline.analyze),
    maxRecordingsPerOrg: config.MAX_RECORDINGS_PER_ORG,
    maxUploadBytes: Math.round(config.MAX_UPLOAD_MB * 1024 * 1024),
    urlImportTimeoutMs: config.URL_IMPORT_TIMEOUT_SECONDS * 1000,
    urlFetchOverrides: overrides.urlFetch ?? urlFetchFrom(config),
    urlSigner: createUrlSigner(secrets.jwtSecret),
    log: logger,
  });

  const samples = createSamplesService({
    repo: recordingsRepo,
    storage,
    enqueueAnalyze: enqueue(pipeline.analyze),
    log: logger,
  });

  const analysis = createAnalysisService({
    repo: createAnalysisRepository(database.db),
    recordingsRepo,
    sealer: createSealer(secrets.encryptionKey),
    publicUrl: publicUrlOf(config),
    catalogue,
    coach: (input) => coach.coach({ ...input, metrics: input.metrics ?? undefined }),
    enqueueAnalyze: enqueue(pipeline.analyze),
    log: logger,
  });

  return {
    storage,
    transcriber,
    recordingsRepo,
    recordings,
    samples,
    analysis,
    catalogue,
    jobs: [pipeline.transcribe, pipeline.analyze] as JobDefinition<z.ZodType>[],
    async close() {
      await transcriber.close?.();
    },
  };
}
