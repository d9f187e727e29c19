/**
 * Owns the bell: writing events for their recipients (`notify`, called by the pipeline, the
 * members use cases and the CRM sync), reading and marking one's own, and live delivery.
 *
 * Live delivery is server-sent events. EventSource cannot send an Authorization header, so an
 * authenticated call gets a stream URL whose token is an HMAC of (user, token version, expiry),
 * valid one minute; the stream checks that session again on every heartbeat and ends when the
 * member was removed, demoted or changed password. Each write publishes the recipient's id on a
 * bus (PostgreSQL LISTEN/NOTIFY across processes: the worker writes, the API streams).
 */
import type {
  MarkReadRequest,
  NotificationKind,
  NotificationLink,
  NotificationParams,
  NotificationsResponse,
} from '@call-insights/contracts/notifications';
import { STREAM_TOKEN_TTL_SECONDS } from '@call-insights/contracts/notifications';
import type { Logger } from 'pino';
import type { NotifyBus } from '../../db/notify-bus.js';
import { ownWordsIn, translate, type Language } from '../../i18n/translate.js';
import type { UrlSigner } from '../../lib/signed-url.js';
import type { AuthUser, Caller } from '../../plugins/auth.js';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.js';

export type NotifyInput = {
  organizationId: number;
  /** Member ids, or every admin of the organization. */
  recipients: number[] | 'admins';
  kind: NotificationKind;
  params?: NotificationParams;
  link?: NotificationLink | null;
};

export type NotificationsServiceDeps = {
  repo: NotificationsRepository;
  bus: Pick<NotifyBus, 'publish' | 'subscribe'>;
  signer: UrlSigner;
  /** Admin ids of an organization (users module). */
  adminIds(organizationId: number): Promise<number[]>;
  /** The member a session version stands for, while it is still valid (users module). */
  checkSession(userId: number, tokenVersion: number): Promise<AuthUser | undefined>;
  log: Logger;
};

/**
 * A stored failure reason (`reasonMessage` and its `reason.<name>` values, written by the pipeline)
 * put back in the reader's language as `reason`; the helper keys are not sent.
 */
export function translateReason(params: NotificationParams, lang: Language): NotificationParams {
  const message = params.reasonMessage;
  if (typeof message !== 'string') return params;
  const out: NotificationParams = {};
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (k.startsWith('reason.')) {
      if (v !== null) values[k.slice('reason.'.length)] = v;
    } else if (k !== 'reasonMessage') out[k] = v;
  }
  out.reason = translate(lang, message, ownWordsIn(lang, values));
  return out;
}

function toNotification(row: NotificationRow, lang: Language) {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    params: translateReason(row.params, lang),
    link:
      row.linkType === null
        ? null
        : { type: row.linkType as NotificationLink['type'], id: row.linkId ?? null },
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

const resource = (userId: number, tokenVersion: number) => `notifications:${userId}:${tokenVersion}`;

export function createNotificationsService(deps: NotificationsServiceDeps) {
  const { repo, log } = deps;
  const listeners = new Map<number, Set<() => void>>();
  deps.bus.subscribe((userId) => {
    for (const fn of listeners.get(userId) ?? []) fn();
  });

  async function changed(userIds: number[]) {
    for (const id of new Set(userIds)) await deps.bus.publish(id);
  }

  return {
    /**
     * Writes an event for its recipients and tells their open streams. Never throws: a lost
     * notification must not fail the work that caused it (it is logged).
     */
    async notify(input: NotifyInput): Promise<void> {
      try {
        const recipients =
          input.recipients === 'admins' ? await deps.adminIds(input.organizationId) : input.recipients;
        if (recipients.length === 0) return;
        await repo.insert(
          recipients.map((userId) => ({
            organizationId: input.organizationId,
            userId,
            kind: input.kind,
            params: input.params ?? {},
            linkType: input.link?.type ?? null,
            linkId: input.link?.id ?? null,
          })),
        );
        await changed(recipients);
      } catch (err) {
        log.warn({ err, kind: input.kind }, 'notification not written');
      }
    },

    async list(
      caller: AuthUser,
      query: { limit: number; before?: number },
      lang: Language = 'en',
    ): Promise<NotificationsResponse> {
      const [rows, unread] = await Promise.all([repo.list(caller.id, query), repo.unread(caller.id)]);
      return { unread, items: rows.map((r) => toNotification(r, lang)) };
    },

    async markRead(caller: AuthUser, body: MarkReadRequest): Promise<{ unread: number }> {
      const marked = await repo.markRead(caller.id, 'all' in body ? 'all' : body.ids);
      if (marked > 0) await changed([caller.id]);
      return { unread: await repo.unread(caller.id) };
    },

    unread: (userId: number) => repo.unread(userId),

    streamToken(caller: Caller): { url: string; expiresAt: number } {
      const { exp, sig } = deps.signer.sign(
        resource(caller.id, caller.tokenVersion),
        STREAM_TOKEN_TTL_SECONDS,
      );
      const token = `${caller.id}.${caller.tokenVersion}.${exp}.${sig}`;
      return { url: `/api/notifications/stream?token=${encodeURIComponent(token)}`, expiresAt: exp };
    },

    /** The session a stream token stands for, or undefined (bad, expired, or the session ended). */
    async openStream(token: string): Promise<{ userId: number; tokenVersion: number } | undefined> {
      const m = /^(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{10,100})$/.exec(token);
      if (!m) return undefined;
      const [userId, tokenVersion, exp] = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (!deps.signer.verify(resource(userId, tokenVersion), exp, m[4]!)) return undefined;
      const user = await deps.checkSession(userId, tokenVersion);
      return user ? { userId, tokenVersion } : undefined;
    },

    stillValid: async (session: { userId: number; tokenVersion: number }) =>
      (await deps.checkSession(session.userId, session.tokenVersion)) !== undefined,

    /** Calls `onChange` whenever the user's notifications change, in any process; returns the unsubscriber. */
    subscribe(userId: number, onChange: () => void): () => void {
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(onChange);
      return () => {
        set.delete(onChange);
        if (set.size === 0) listeners.delete(userId);
      };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
export type Notify = NotificationsService['notify'];
