/** Test helpers for recordings: multipart uploads through the real API and waiting on the pipeline. */
import fs from 'node:fs';
import type { App } from '../app.js';

export type UploadFields = Record<string, unknown>;

/** Builds a multipart body by hand (inject needs a buffer): the "json" part first, then the file. */
export function multipartBody(
  file: { name: string; data: Buffer; type?: string } | undefined,
  json?: UploadFields | string,
) {
  const boundary = `----ci${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  if (json !== undefined) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="json"\r\n\r\n${typeof json === 'string' ? json : JSON.stringify(json)}\r\n`,
      ),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'audio/wav'}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  app: App,
  auth: Record<string, string>,
  file: { name: string; path?: string; data?: Buffer; type?: string } | undefined,
  json: UploadFields | string = { upload_type: 'uploaded_file', num_speakers: 2 },
) {
  const body = multipartBody(
    file ? { name: file.name, data: file.data ?? fs.readFileSync(file.path!), type: file.type } : undefined,
    json,
  );
  return app.inject({
    method: 'POST',
    url: '/api/analysis/upload_file',
    payload: body.payload,
    headers: { ...auth, ...body.headers },
  });
}

/** Polls the progress route like the browser does until the recording is done or failed. */
export async function waitForRecording(
  app: App,
  auth: Record<string, string>,
  id: number,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/transcription/progress?id=${id}`,
      headers: auth,
    });
    const body = res.json() as { progress: number; status: string; error: string | null };
    if (body.status === 'done' || body.status === 'failed') return body;
    if (Date.now() > deadline)
      throw new Error(`recording ${id} still ${body.status} (${body.progress}%) after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
