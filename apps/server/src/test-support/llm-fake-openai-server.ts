/**
 * A fake OpenAI-compatible chat server for tests: a real HTTP server on 127.0.0.1 (random port)
 * serving `POST /v1/chat/completions` (non-streaming). It answers from a scripted queue of
 * behaviours and records every request so tests can assert on what the SDK sent.
 *
 * What the AI SDK sends (checked against @ai-sdk/openai v3, chat model): `generateObject` posts
 * `response_format: { type: "json_schema", json_schema: { name, schema, strict } }` with
 * `stream` absent, and reads the object from `choices[0].message.content`; `generateText` posts
 * plain messages (and `tools` when tools are given: a "tool_calls" behaviour answers with calls, and
 * the SDK's next request carries their results as `role: "tool"` messages). So a "json" behaviour
 * answers with the object serialised as the message content.
 * A request with `stream: true` is refused with 400 (the engine never streams).
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeBehaviour =
  /** Answer with this value serialised as JSON in the assistant message content. */
  | { kind: 'json'; body: unknown }
  /** Answer with this exact content (malformed JSON, prose, a fenced block…). */
  | { kind: 'text'; content: string; finishReason?: string }
  /**
   * Answer with tool calls (`finish_reason: "tool_calls"`); `arguments` is serialised as JSON unless
   * it is already a string (send a broken string to test malformed calls).
   */
  | { kind: 'tool_calls'; calls: { name: string; arguments: unknown }[] }
  /** Answer with an HTTP error; `retryAfterMs` sets the `retry-after-ms` header the SDK honours. */
  | { kind: 'status'; status: number; retryAfterMs?: number; message?: string }
  /** Never answer (until the client gives up or the server closes): for timeouts. */
  | { kind: 'hang' }
  /** Compute the behaviour from the request (e.g. answer according to the transcript chunk). */
  | { kind: 'dynamic'; respond: (request: RecordedRequest) => FakeBehaviour };

export type RecordedRequest = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (`undefined` when the body was not JSON). */
  body: ChatCompletionBody | undefined;
  /** All message contents joined, for "the prompt contains…" assertions. */
  prompt: string;
};

/** The parts of a chat-completions request body the tests look at. */
export type ChatCompletionBody = {
  model?: string;
  stream?: boolean;
  messages?: { role: string; content: unknown }[];
  response_format?: { type: string; json_schema?: { name?: string; schema?: unknown; strict?: boolean } };
  tools?: unknown[];
  [key: string]: unknown;
};

export type FakeOpenAiServer = {
  /** Base URL to give the SDK, ending in `/v1`. */
  baseURL: string;
  requests: RecordedRequest[];
  /** Appends behaviours to the queue; each request takes the next one. */
  enqueue(...behaviours: FakeBehaviour[]): void;
  /** What to do once the queue is empty (default: a 500 saying the script ran out). */
  setFallback(behaviour: FakeBehaviour): void;
  close(): Promise<void>;
};

function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) =>
        part && typeof part === 'object' && 'text' in part && typeof part.text === 'string' ? part.text : '',
      )
      .join('');
  }
  return '';
}

function completion(content: string, model: string, finishReason = 'stop') {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const data = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(data),
    ...headers,
  });
  res.end(data);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeOpenAiServer(initial: FakeBehaviour[] = []): Promise<FakeOpenAiServer> {
  const queue: FakeBehaviour[] = [...initial];
  const requests: RecordedRequest[] = [];
  let fallback: FakeBehaviour = {
    kind: 'status',
    status: 500,
    message: 'fake server: no scripted behaviour left',
  };

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      let body: ChatCompletionBody | undefined;
      try {
        body = JSON.parse(raw) as ChatCompletionBody;
      } catch {
        body = undefined;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        prompt: (body?.messages ?? []).map((m) => messageText(m.content)).join('\n'),
      };
      requests.push(recorded);

      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        sendJson(res, 404, { error: { message: `no route ${req.method} ${req.url}`, type: 'not_found' } });
        return;
      }
      if (!body) {
        sendJson(res, 400, { error: { message: 'body is not JSON', type: 'invalid_request_error' } });
        return;
      }
      if (body.stream === true) {
        sendJson(res, 400, {
          error: { message: 'the fake server does not stream', type: 'invalid_request_error' },
        });
        return;
      }
      let behaviour = queue.shift() ?? fallback;
      while (behaviour.kind === 'dynamic') behaviour = behaviour.respond(recorded);
      const model = body.model ?? 'fake-model';
      switch (behaviour.kind) {
        case 'json':
          sendJson(res, 200, completion(JSON.stringify(behaviour.body), model));
          return;
        case 'text':
          sendJson(res, 200, completion(behaviour.content, model, behaviour.finishReason));
          return;
        case 'tool_calls': {
          const answer = completion('', model, 'tool_calls');
          const calls = behaviour.calls.map((c, i) => ({
            id: `call_fake_${requests.length}_${i}`,
            type: 'function',
            function: {
              name: c.name,
              arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
            },
          }));
          sendJson(res, 200, {
            ...answer,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: null, tool_calls: calls },
                finish_reason: 'tool_calls',
              },
            ],
          });
          return;
        }
        case 'status': {
          const headers: Record<string, string> = {};
          if (behaviour.retryAfterMs !== undefined)
            headers['retry-after-ms'] = String(behaviour.retryAfterMs);
          const type = behaviour.status === 429 ? 'rate_limit_exceeded' : 'server_error';
          sendJson(
            res,
            behaviour.status,
            { error: { message: behaviour.message ?? `HTTP ${behaviour.status}`, type } },
            headers,
          );
          return;
        }
        case 'hang':
          // Keep the socket open; `close()` destroys it.
          return;
      }
    })().catch((err: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, { error: { message: String(err), type: 'fake_server_crash' } });
    });
  });

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...behaviours) => queue.push(...behaviours),
    setFallback: (behaviour) => {
      fallback = behaviour;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
