/**
 * Which HighLevel the server talks to. With `HIGHLEVEL_CLIENT_ID` set: the real vendor (or any
 * base URL given). Without it (embedded default): the HighLevel sandbox, started in-process on a
 * free local port the first time something needs it, and labelled "Sandbox CRM".
 */
import type { Logger } from 'pino';
import { createHighLevelClient, type HighLevelClient } from './client.js';
import { createPacer } from './pacer.js';

export type HighLevelSettings = {
  clientId?: string;
  clientSecret?: string;
  baseUrl: string;
  consentUrl: string;
  redirectUri: string;
  webhookPublicKey?: string;
  sandboxPort: number;
};

export type HighLevelEndpoints = {
  baseUrl: string;
  consentUrl: string;
  clientId: string;
  redirectUri: string;
  /** PEM of the Ed25519 key that signs webhooks; undefined = webhooks are refused. */
  webhookPublicKey?: string;
};

export type HighLevelProvider = {
  kind: 'highlevel' | 'sandbox';
  label: string;
  endpoints(): Promise<HighLevelEndpoints>;
  client(): Promise<HighLevelClient>;
  close(): Promise<void>;
};

export function createHighLevelProvider(settings: HighLevelSettings, log: Logger): HighLevelProvider {
  const pacer = createPacer();
  const hlLog = log.child({ vendor: 'highlevel' });
  if (settings.clientId) {
    const endpoints: HighLevelEndpoints = {
      baseUrl: settings.baseUrl,
      consentUrl: settings.consentUrl,
      clientId: settings.clientId,
      redirectUri: settings.redirectUri,
      webhookPublicKey: settings.webhookPublicKey,
    };
    const client = createHighLevelClient({
      baseUrl: settings.baseUrl,
      clientId: settings.clientId,
      clientSecret: settings.clientSecret ?? '',
      redirectUri: settings.redirectUri,
      log: hlLog,
      pacer,
    });
    return {
      kind: 'highlevel',
      label: 'HighLevel',
      endpoints: async () => endpoints,
      client: async () => client,
      close: async () => undefined,
    };
  }

  type Started = { endpoints: HighLevelEndpoints; client: HighLevelClient; close(): Promise<void> };
  let started: Promise<Started> | undefined;
  const start = (): Promise<Started> => {
    started ??= (async () => {
      const { startSandbox } = await import('@call-insights/highlevel-sandbox');
      const sandbox = await startSandbox({ port: settings.sandboxPort, host: '127.0.0.1' });
      log.info({ url: sandbox.url }, 'HighLevel sandbox started (no HIGHLEVEL_CLIENT_ID set)');
      const endpoints: HighLevelEndpoints = {
        baseUrl: sandbox.url,
        consentUrl: `${sandbox.url}/oauth/chooselocation`,
        clientId: sandbox.clientId,
        redirectUri: settings.redirectUri,
        webhookPublicKey: settings.webhookPublicKey ?? sandbox.webhookPublicKey,
      };
      const client = createHighLevelClient({
        baseUrl: sandbox.url,
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
        redirectUri: settings.redirectUri,
        log: hlLog,
        pacer,
      });
      return { endpoints, client, close: () => sandbox.close() };
    })();
    started.catch(() => {
      started = undefined;
    });
    return started;
  };
  return {
    kind: 'sandbox',
    label: 'Sandbox CRM',
    endpoints: async () => (await start()).endpoints,
    client: async () => (await start()).client,
    async close() {
      if (started) await (await started.catch(() => undefined))?.close();
    },
  };
}
