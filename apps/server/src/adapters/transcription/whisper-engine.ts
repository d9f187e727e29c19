/**
 * Runs whisper.cpp (`@napi-rs/whisper`) in a child Node process: the binding's `full()` is
 * synchronous and would block the server's event loop for minutes, a crash in native code must not
 * take the server down, and killing the process is the only way to cancel a running decode. The
 * model is loaded once per process and reused; requests are served one at a time.
 *
 * Why a child process and not a worker thread: this binding segfaults when a worker that loaded it
 * exits (observed with 0.0.4), which would kill the whole server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import { msg } from '../../errors.js';
import { TranscriptionError, throwIfAborted } from './transcriber.js';

export type WhisperEngineResult = {
  /** Seconds from the start of the samples. */
  segments: { start: number; end: number; text: string }[];
  text: string;
  /** ISO code detected by Whisper, when it reports one. */
  language: string | undefined;
};

export type WhisperEngine = {
  /** Loads the model unless this path is already loaded. */
  load(modelPath: string, signal?: AbortSignal): Promise<void>;
  /** 16 kHz mono samples in [-1, 1]. */
  transcribe(
    samples: Float32Array,
    opts: { language?: string; signal?: AbortSignal },
  ): Promise<WhisperEngineResult>;
  close(): Promise<void>;
};

export type WhisperEngineOptions = {
  /** Decoder threads; default min(4, CPUs). */
  threads?: number;
};

/*
 * The child's program, plain CommonJS run with `node -e` so it works the same under tsx, vitest and
 * the compiled server. argv[1] is the resolved path of the binding.
 */
const CHILD_SOURCE = String.raw`
'use strict';
const binding = require(process.argv[1]);
let whisper = null;
const tick = () => new Promise((resolve) => setImmediate(resolve));
const message = (e) => (e && e.message ? String(e.message) : String(e));
process.on('message', async (msg) => {
  if (msg.type === 'load') {
    try {
      whisper = null;
      whisper = new binding.Whisper(msg.modelPath, { useGpu: false });
      process.send({ id: msg.id, ok: true });
    } catch (e) {
      process.send({ id: msg.id, ok: false, message: message(e) });
    }
    return;
  }
  if (msg.type === 'transcribe') {
    try {
      if (!whisper) throw new Error('no model loaded');
      const segments = [];
      const params = new binding.WhisperFullParams(binding.WhisperSamplingStrategy.Greedy);
      params.nThreads = msg.threads;
      params.language = msg.language || (whisper.isMultilingual ? 'auto' : 'en');
      params.printProgress = false;
      params.printRealtime = false;
      params.printTimestamps = false;
      params.printSpecial = false;
      params.onNewSegment = (segment) => segments.push(segment);
      const text = whisper.full(params, msg.samples);
      // Segment callbacks are queued on this loop while full() runs; let them arrive.
      for (let i = 0; i < 5; i++) await tick();
      const langId = whisper.fullLangId;
      const language = langId >= 0 ? binding.Whisper.lang(langId) : null;
      process.send({ id: msg.id, ok: true, text, segments, language });
    } catch (e) {
      process.send({ id: msg.id, ok: false, message: message(e) });
    }
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ type: 'ready' });
`;

type ChildAnswer =
  | {
      id: number;
      ok: true;
      text?: string;
      segments?: { start: number; end: number; text: string }[];
      language?: string | null;
    }
  | { id: number; ok: false; message: string };

type ChildReply = { type: 'ready' } | ChildAnswer;

type Pending = { resolve: (reply: ChildAnswer) => void; reject: (e: unknown) => void };

/** One engine process and what it holds; a killed or crashed process takes its session with it. */
type Session = {
  proc: ChildProcess;
  pending: Map<number, Pending>;
  loadedPath: string | undefined;
  stderrTail: string;
};

const ENGINE_STOPPED = 'The local Whisper engine stopped unexpectedly. Retry, or choose another TRANSCRIBER.';

export function createWhisperEngine(options: WhisperEngineOptions = {}): WhisperEngine {
  const threads = options.threads ?? Math.max(1, Math.min(4, availableParallelism()));
  let session: Session | undefined;
  let starting: Promise<Session> | undefined;
  /** The model the caller asked for; (re)loaded into whichever process is current. */
  let wantedModel: string | undefined;
  let nextId = 1;
  let queue: Promise<unknown> = Promise.resolve();

  /** One request at a time: the engine is a single decoder. */
  function serialize<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  function startSession(): Promise<Session> {
    if (session) return Promise.resolve(session);
    if (starting) return starting;
    starting = new Promise<Session>((resolve, reject) => {
      let bindingPath: string;
      try {
        bindingPath = createRequire(import.meta.url).resolve('@napi-rs/whisper');
      } catch (e) {
        reject(unavailable(`cannot resolve @napi-rs/whisper: ${String(e)}`, e));
        return;
      }
      const proc = spawn(process.execPath, ['-e', CHILD_SOURCE, bindingPath], {
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        serialization: 'advanced',
      });
      const own: Session = { proc, pending: new Map(), loadedPath: undefined, stderrTail: '' };
      let ready = false;
      // Only the IPC channel may keep the server alive (see setIdle); stderr is read for diagnostics.
      (proc.stderr as Socket | null)?.unref();
      proc.stderr?.setEncoding('utf8');
      proc.stderr?.on('data', (d: string) => {
        own.stderrTail = (own.stderrTail + d).slice(-2000);
      });
      proc.on('message', (raw) => {
        const reply = raw as ChildReply;
        if ('type' in reply) {
          ready = true;
          session = own;
          setIdle(proc, true);
          resolve(own);
          return;
        }
        const p = own.pending.get(reply.id);
        if (!p) return;
        own.pending.delete(reply.id);
        setIdle(proc, own.pending.size === 0);
        p.resolve(reply);
      });
      proc.on('error', (e) => {
        if (!ready) reject(unavailable(`cannot start the Whisper engine process: ${e.message}`, e));
      });
      proc.on('exit', (code, signal) => {
        if (session === own) session = undefined;
        const how = signal ? `signal ${signal}` : `code ${code}`;
        if (!ready) {
          reject(
            unavailable(`Whisper engine process exited during start-up (${how}): ${own.stderrTail.trim()}`),
          );
        }
        for (const [id, p] of own.pending) {
          own.pending.delete(id);
          p.reject(
            new TranscriptionError({
              kind: 'UNKNOWN',
              provider: 'whisper',
              userMessage: ENGINE_STOPPED,
              detail: `Whisper engine process exited (${how}): ${own.stderrTail.trim()}`,
            }),
          );
        }
      });
    }).finally(() => {
      starting = undefined;
    });
    return starting;
  }

  function request(
    own: Session,
    message: Record<string, unknown>,
    signal: AbortSignal | undefined,
  ): Promise<ChildAnswer> {
    const id = nextId++;
    return new Promise<ChildAnswer>((resolve, reject) => {
      const onAbort = () => {
        // whisper.cpp cannot be interrupted from JS: stop the process; the next request starts a new one.
        own.pending.delete(id);
        if (session === own) session = undefined;
        own.proc.kill('SIGKILL');
        reject(signal?.reason);
      };
      own.pending.set(id, {
        resolve: (r) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(r);
        },
        reject: (e) => {
          signal?.removeEventListener('abort', onAbort);
          reject(e);
        },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      setIdle(own.proc, false);
      try {
        own.proc.send({ ...message, id });
      } catch (e) {
        own.pending.delete(id);
        signal?.removeEventListener('abort', onAbort);
        reject(
          new TranscriptionError({
            kind: 'UNKNOWN',
            provider: 'whisper',
            userMessage: ENGINE_STOPPED,
            detail: `cannot send to the Whisper engine process: ${e instanceof Error ? e.message : String(e)}`,
            cause: e,
          }),
        );
      }
    });
  }

  /** A live process with the wanted model loaded; restarts and reloads after a crash or a cancel. */
  async function ready(signal: AbortSignal | undefined): Promise<Session> {
    throwIfAborted(signal);
    const modelPath = wantedModel;
    if (!modelPath) {
      throw new TranscriptionError({
        kind: 'UNKNOWN',
        provider: 'whisper',
        userMessage: 'The local Whisper engine was not ready. Retry the recording.',
        detail: 'WhisperEngine.transcribe() called before load()',
      });
    }
    const own = await startSession();
    if (own.loadedPath === modelPath) return own;
    const reply = await request(own, { type: 'load', modelPath }, signal);
    if (!reply.ok) {
      throw new TranscriptionError({
        kind: 'CONFIG',
        provider: 'whisper',
        userMessage: msg(
          'The Whisper model file {path} could not be loaded (it is not a valid whisper.cpp ggml model). Set WHISPER_MODEL_PATH to a valid ggml model file, or delete this file so it is downloaded again.',
        ),
        params: { path: modelPath },
        detail: `Whisper(${modelPath}) failed: ${reply.message}`,
      });
    }
    own.loadedPath = modelPath;
    return own;
  }

  return {
    load(modelPath, signal) {
      return serialize(async () => {
        wantedModel = modelPath;
        await ready(signal);
      });
    },
    transcribe(samples, opts) {
      return serialize(async () => {
        const own = await ready(opts.signal);
        const reply = await request(
          own,
          { type: 'transcribe', samples, language: opts.language ?? '', threads },
          opts.signal,
        );
        if (!reply.ok) {
          throw new TranscriptionError({
            kind: 'UNKNOWN',
            provider: 'whisper',
            userMessage: 'The local Whisper engine could not transcribe this recording.',
            detail: `whisper full() failed: ${reply.message}`,
          });
        }
        const text = (reply.text ?? '').trim();
        // whisper.cpp times are in centiseconds.
        let segments = (reply.segments ?? []).map((s) => ({
          start: s.start / 100,
          end: s.end / 100,
          text: s.text,
        }));
        if (segments.length === 0 && text) {
          segments = [{ start: 0, end: samples.length / 16_000, text }];
        }
        return { segments, text, language: reply.language ?? undefined };
      });
    },
    async close() {
      const own = session;
      session = undefined;
      wantedModel = undefined;
      if (own?.proc.connected) own.proc.disconnect();
    },
  };
}

/** An idle engine must not keep the server process alive on shutdown. */
function setIdle(proc: ChildProcess, idle: boolean): void {
  const channel = proc.channel;
  if (idle) {
    proc.unref();
    channel?.unref();
  } else {
    proc.ref();
    channel?.ref();
  }
}

function unavailable(detail: string, cause?: unknown): TranscriptionError {
  return new TranscriptionError({
    kind: 'CONFIG',
    provider: 'whisper',
    userMessage: msg(
      'The local Whisper engine could not start on this machine ({platform}). Choose TRANSCRIBER=openai with TRANSCRIBER_BASE_URL and TRANSCRIBER_API_KEY, or TRANSCRIBER=deepgram.',
    ),
    params: { platform: `${process.platform}-${process.arch}` },
    detail,
    ...(cause === undefined ? {} : { cause }),
  });
}
