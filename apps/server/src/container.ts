/**
 * The composition root's wiring: builds the adapters chosen by config (storage, speech-to-text,
 * analyzer, coach, mail) and every module's service and job handlers, shared by the HTTP app and
 * the worker. `compose` (composition.ts) is the only caller, for the server and the test harness.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import { createStorage, type StorageConfig } from './adapters/storage/create-storage.js';
import type { StorageAdapter } from './adapters/storage/storage.js';
import { createTranscriber, type TranscriberConfig } from './adapters/transcription/create-transcriber.js';
import type { Transcriber } from './adapters/transcription/transcriber.js';
import { highLevelRedirectUriOf, publicUrlOf, webhookKeyPemOf, type Config } from './config.js';
import { createUrlSigner } from './lib/signed-url.js';
import type { Secrets } from './lib/secrets.js';
import type { Database } from './db/client.js';
import type { JobDefinition, Queue } from './jobs/queue.js';
import { createAnalysisStep } from './modules/analysis/analysis.step.js';
import { createAnalysisRepository } from './modules/analysis/analysis.repository.js';
import { createAnalysisService, type AnalysisService } from './modules/analysis/analysis.service.js';
import { llmConfigFrom } from './adapters/llm/config.js';
import { createAnalyzer } from './modules/analysis/engine/create-analyzer.js';
import { loadCoachCatalogue } from './modules/coaching/engine/catalogue.js';
import { createCoach } from './modules/coaching/engine/coaching-engine.js';
import type { CoachCatalogue } from '@call-insights/contracts/analysis';
import { createSealer } from './lib/crypto.js';
import { createPipelineJobs } from './modules/recordings/pipeline.js';
import { createRetention, type Retention } from './modules/recordings/retention.js';
import {
  createRecordingsRepository,
  type RecordingsRepository,
} from './modules/recordings/recordings.repository.js';
import { createRecordingsService, type RecordingsService } from './modules/recordings/recordings.service.js';
import { createQuotaRepository } from './modules/recordings/quota.repository.js';
import type { z } from 'zod';
import type { SafeDownloadOptions } from './adapters/net/safe-fetch.js';
import { publicAddressesOnly } from './adapters/net/address-policy.js';
import { createSamplesService, type SamplesService } from './modules/samples/samples.service.js';
import { createMailer, type Mailer } from './adapters/email/mailer.js';
import { createAuditRepository } from './modules/audit/audit.repository.js';
import { createAuditService, type AuditService } from './modules/audit/audit.service.js';
import { createOutboxRepository } from './modules/outbox/outbox.repository.js';
import { createOutboxService } from './modules/outbox/outbox.service.js';
import { createSessionService, type InvalidationBus, type SessionService } from './modules/users/sessions.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { createUsersService, type UsersService } from './modules/users/users.service.js';
import { createChatRepository } from './modules/chat/chat.repository.js';
import { createChatService, type ChatService } from './modules/chat/chat.service.js';
import { createAssistantEngine } from './modules/chat/assistant/engine.js';
import { createCallInsightsRepository } from './modules/recordings/call-insights.repository.js';
import {
  createCallInsightsService,
  type CallInsightsService,
} from './modules/recordings/call-insights.service.js';
import { createTrackersRepository } from './modules/trackers/trackers.repository.js';
import { createTrackersService, type TrackersService } from './modules/trackers/trackers.service.js';
import { createTokenService } from './plugins/auth.js';
import { createHighLevelProvider, type HighLevelProvider } from './adapters/highlevel/provider.js';
import { createLocationsRepository } from './modules/locations/locations.repository.js';
import { createLocationsService, type LocationsService } from './modules/locations/locations.service.js';
import { createCrmRepository } from './modules/crm/crm.repository.js';
import { createCrmService, type CrmService } from './modules/crm/crm.service.js';
import { createStateSigner } from './modules/crm/oauth-state.js';
import { createSyncEngine } from './modules/crm/sync.js';
import { createWriteBack } from './modules/crm/write-back.js';
import { createLocalBus, type NotifyBus } from './db/notify-bus.js';
import { createMembersRepository } from './modules/users/members.repository.js';
import { createMembersService, type MembersService } from './modules/users/members.service.js';
import { createManagerRepository } from './modules/manager/manager.repository.js';
import { createManagerService, type ManagerService } from './modules/manager/manager.service.js';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.js';
import {
  createNotificationsService,
  type NotificationsService,
} from './modules/notifications/notifications.service.js';

export type Container = {
  storage: StorageAdapter;
  transcriber: Transcriber;
  mailer: Mailer;
  sessions: SessionService;
  users: UsersService;
  audit: AuditService;
  members: MembersService;
  manager: ManagerService;
  notifications: NotificationsService;
  recordingsRepo: RecordingsRepository;
  recordings: RecordingsService;
  retention: Retention;
  samples: SamplesService;
  analysis: AnalysisService;
  trackers: TrackersService;
  catalogue: CoachCatalogue;
  highlevel: HighLevelProvider;
  locations: LocationsService;
  crm: CrmService;
  insights: CallInsightsService;
  chat: ChatService;
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

export type ContainerDeps = {
  config: Config;
  database: Database;
  queue: Queue;
  logger: Logger;
  secrets: Secrets;
  /** Cross-process session invalidation (PostgreSQL LISTEN/NOTIFY); none on PGlite. */
  sessionBus?: InvalidationBus;
  /** Notification changes across processes (PostgreSQL LISTEN/NOTIFY); in-process otherwise. */
  notificationBus?: NotifyBus;
  /** Tests: let URL imports reach local servers. */
  urlFetch?: Pick<SafeDownloadOptions, 'addressPolicy' | 'lookup'>;
};

export function createContainer(deps: ContainerDeps): Container {
  const { config, database, queue, logger, secrets } = deps;
  const storage = createStorage(storageConfigFrom(config));
  const transcriber = createTranscriber(transcriberConfigFrom(config), { logger });
  const sealer = createSealer(secrets.encryptionKey);
  const enqueue = queue.send;

  const outbox = createOutboxService({
    repo: createOutboxRepository(database.db),
    dir: path.join(config.DATA_DIR, 'outbox'),
    from: config.MAIL_FROM,
    log: logger,
  });
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outbox: (mail) => outbox.keep(mail),
    log: logger,
  });

  const audit = createAuditService({ repo: createAuditRepository(database.db), log: logger });
  const usersRepo = createUsersRepository(database.db);
  const tokens = createTokenService(secrets.jwtSecret, config.JWT_TTL_SECONDS);
  const sessions = createSessionService({ repo: usersRepo, tokens, bus: deps.sessionBus });
  const users = createUsersService({
    repo: usersRepo,
    tokens,
    mailer,
    sealer,
    publicUrl: publicUrlOf(config),
    log: logger,
    sessions,
    audit,
    loginThrottle: {
      free: config.LOGIN_FAILURES_BEFORE_DELAY,
      baseMs: config.LOGIN_DELAY_BASE_MS,
      maxMs: config.LOGIN_DELAY_MAX_MS,
    },
  });

  // HighLevel CRM accounts and their tokens (locations); members and recordings use them.
  const highlevel = createHighLevelProvider(
    {
      clientId: config.HIGHLEVEL_CLIENT_ID,
      clientSecret: config.HIGHLEVEL_CLIENT_SECRET,
      baseUrl: config.HIGHLEVEL_BASE_URL,
      consentUrl: config.HIGHLEVEL_CONSENT_URL,
      redirectUri: highLevelRedirectUriOf(config),
      webhookPublicKey: webhookKeyPemOf(config.HIGHLEVEL_WEBHOOK_PUBLIC_KEY),
      sandboxPort: config.HIGHLEVEL_SANDBOX_PORT,
    },
    logger,
  );
  const client = () => highlevel.client();
  const locations = createLocationsService({
    repo: createLocationsRepository(database.db),
    sealer,
    client,
    sourceLabel: highlevel.label,
    log: logger,
  });
  const membersRepo = createMembersRepository(database.db);
  const notifications = createNotificationsService({
    repo: createNotificationsRepository(database.db),
    bus: deps.notificationBus ?? createLocalBus(),
    signer: createUrlSigner(secrets.jwtSecret),
    adminIds: (organizationId) => membersRepo.adminIds(organizationId),
    checkSession: (userId, tokenVersion) => sessions.check(userId, tokenVersion),
    log: logger,
  });
  const members = createMembersService({
    repo: membersRepo,
    users: usersRepo,
    tokens,
    mailer,
    sessions,
    notify: notifications.notify,
    locations,
    publicUrl: publicUrlOf(config),
    log: logger,
    invitesPerHour: {
      organization: config.INVITES_PER_HOUR_PER_ORG,
      address: config.INVITES_PER_HOUR_PER_ADDRESS,
    },
  });
  const manager = createManagerService({ repo: createManagerRepository(database.db) });

  const recordingsRepo = createRecordingsRepository(database.db, {
    copyPool: database.pool,
    queryArrays: database.queryArrays,
  });
  const analysisRepo = createAnalysisRepository(database.db);
  const llm = llmConfigFrom(config);
  const analyzer = createAnalyzer({ analyzer: config.ANALYZER, llm }, { logger });
  const catalogue = loadCoachCatalogue(config.COACH_CATALOGUE);
  const coach = createCoach({ coach: config.ANALYZER, llm, catalogue }, { logger });

  const trackers = createTrackersService({
    repo: createTrackersRepository(database.db),
    enqueue,
    reapplyBatchSize: config.TRACKERS_REAPPLY_BATCH_SIZE,
    log: logger,
  });

  const pipeline = createPipelineJobs({
    repo: recordingsRepo,
    storage,
    transcriber,
    analyze: createAnalysisStep({ repo: analysisRepo, analyzer, trackers }),
    enqueue,
    retryLimit: config.JOB_RETRY_LIMIT,
    redactionPolicy: (organizationId) => users.redactionPolicy(organizationId),
    onAnalyzed: (recordingId, organizationId) => crm.onRecordingAnalyzed(recordingId, organizationId),
    notify: notifications.notify,
  });

  const recordings = createRecordingsService({
    repo: recordingsRepo,
    quotaRepo: createQuotaRepository(database.db),
    storage,
    enqueue,
    redactionPolicy: (organizationId) => users.redactionPolicy(organizationId),
    audit,
    maxRecordingsPerOrg: config.MAX_RECORDINGS_PER_ORG,
    maxStorageBytesPerOrg: Math.round(config.MAX_STORAGE_MB_PER_ORG * 1024 * 1024),
    maxConcurrentUrlImports: config.MAX_CONCURRENT_URL_IMPORTS_PER_USER,
    maxUploadBytes: Math.round(config.MAX_UPLOAD_MB * 1024 * 1024),
    urlImportTimeoutMs: config.URL_IMPORT_TIMEOUT_SECONDS * 1000,
    urlFetchOverrides: deps.urlFetch ?? urlFetchFrom(config),
    urlSigner: createUrlSigner(secrets.jwtSecret),
    sessionOf: (userId, tokenVersion) => sessions.check(userId, tokenVersion),
    trackerInOrganization: (organizationId, trackerId) => trackers.belongsTo(organizationId, trackerId),
    locationInOrganization: (organizationId, id) => locations.findInOrganization(organizationId, id),
    log: logger,
  });

  const retention = createRetention({
    repo: recordingsRepo,
    storage,
    policies: () => users.retentionPolicies(),
    batchSize: config.RETENTION_BATCH_SIZE,
    log: logger,
  });

  const samples = createSamplesService({ recordings, storage, log: logger });

  const analysis = createAnalysisService({
    repo: analysisRepo,
    recordings,
    sealer,
    publicUrl: publicUrlOf(config),
    catalogue,
    coach: (input) => coach.coach({ ...input, metrics: input.metrics ?? undefined }),
    log: logger,
    audit,
  });

  // HighLevel CRM: crm (OAuth, sync, webhooks, write-back) on top of locations (above).
  const crmRepo = createCrmRepository(database.db);
  const crm: CrmService = createCrmService({
    repo: crmRepo,
    locations,
    recordings,
    provider: highlevel,
    signer: createStateSigner(secrets.jwtSecret),
    enqueue,
    stateTtlSeconds: config.OAUTH_STATE_TTL_SECONDS,
    syncTimeoutSeconds: config.CRM_SYNC_TIMEOUT_SECONDS,
    log: logger,
  });
  const sync = createSyncEngine({
    repo: crmRepo,
    locations,
    recordings,
    client,
    concurrency: config.CRM_SYNC_CONCURRENCY,
    retryLimit: config.JOB_RETRY_LIMIT,
    notify: notifications.notify,
    log: logger,
  });
  const writeBack = createWriteBack({
    repo: crmRepo,
    recordings,
    locations,
    analysisFor: (organizationId, id) => analysis.analysisFor(organizationId, id),
    client,
    publicUrl: publicUrlOf(config),
    retryLimit: config.JOB_RETRY_LIMIT,
    log: logger,
  });

  const insights = createCallInsightsService({ repo: createCallInsightsRepository(database.db) });
  const chat = createChatService({
    repo: createChatRepository(database.db),
    engine: createAssistantEngine({ analyzer: config.ANALYZER, llm }, insights, { logger }),
    log: logger,
  });

  return {
    storage,
    transcriber,
    mailer,
    sessions,
    users,
    audit,
    members,
    manager,
    notifications,
    recordingsRepo,
    recordings,
    samples,
    analysis,
    trackers,
    catalogue,
    highlevel,
    locations,
    crm,
    retention,
    jobs: [
      pipeline.transcribe,
      pipeline.analyze,
      ...sync.jobs,
      writeBack.job,
      retention.job,
      trackers.reapplyJob,
    ] as JobDefinition<z.ZodType>[],
    insights,
    chat,
    async close() {
      await transcriber.close?.();
      await highlevel.close();
    },
  };
}
