/**
 * A stand-in for the API server at the network edge: tests install `fakeServer.fetch` as the
 * global `fetch`, so the app's own client, query hooks and components run unchanged. Routes answer
 * with bodies typed by the shared contracts; every request is recorded for assertions.
 */
export type FakeRequest = {
  method: string;
  /** The path under /api, e.g. `/analysis/transcriptions`. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
};

type Handler = (request: FakeRequest) => Response | Promise<Response>;
type Route = { method: string; path: string | RegExp; handler: Handler };

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server's error answer shape (`{ error: { code, message } }`). */
export function apiError(status: number, code: string, message: string): Response {
  return json(status, { error: { code, message } });
}

export class FakeServer {
  readonly requests: FakeRequest[] = [];
  private readonly routes: Route[] = [];

  /** Adds or replaces the answer for `method path` (a RegExp matches path parameters). */
  on(method: string, path: string | RegExp, handler: Handler): this {
    const index = this.routes.findIndex(
      (route) => route.method === method && String(route.path) === String(path),
    );
    if (index >= 0) this.routes.splice(index, 1);
    this.routes.push({ method, path, handler });
    return this;
  }

  /** The requests made to `method path`, oldest first. */
  calls(method: string, path: string | RegExp): FakeRequest[] {
    return this.requests.filter(
      (request) =>
        request.method === method &&
        (typeof path === 'string' ? request.path === path : path.test(request.path)),
    );
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://app.test');
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: FakeRequest = {
      method,
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
      headers: new Headers(init.headers),
    };
    return this.answer(request);
  };

  /**
   * An `XMLHttpRequest` stand-in answered by the same routes (file uploads use XHR for their
   * progress): install it with `vi.stubGlobal('XMLHttpRequest', server.XMLHttpRequest)`. A
   * multipart body is recorded as its FormData.
   */
  get XMLHttpRequest(): typeof XMLHttpRequest {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the class below answers through it
    const server = this;
    class FakeXhr {
      status = 0;
      statusText = '';
      responseText = '';
      readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private method = 'GET';
      private url = '';
      private readonly headers = new Headers();
      private aborted = false;
      open(method: string, url: string) {
        this.method = method.toUpperCase();
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers.set(name, value);
      }
      abort() {
        this.aborted = true;
        this.onabort?.();
      }
      send(body?: unknown) {
        const url = new URL(this.url, 'http://app.test');
        void server
          .answer({
            method: this.method,
            path: url.pathname.replace(/^\/api/, ''),
            query: url.searchParams,
            body: typeof body === 'string' ? (JSON.parse(body) as unknown) : body,
            headers: this.headers,
          })
          .then(async (response) => {
            if (this.aborted) return;
            this.status = response.status;
            this.statusText = response.statusText;
            this.responseText = await response.text();
            this.onload?.();
          });
      }
    }
    return FakeXhr as unknown as typeof XMLHttpRequest;
  }

  private async answer(request: FakeRequest): Promise<Response> {
    this.requests.push(request);
    const route = this.routes.find(
      (candidate) =>
        candidate.method === request.method &&
        (typeof candidate.path === 'string'
          ? candidate.path === request.path
          : candidate.path.test(request.path)),
    );
    if (!route) return apiError(404, 'NOT_FOUND', `No route ${request.method} ${request.path}`);
    return route.handler(request);
  }
}
