/**
 * Error answers through the real app: field problems a user can act on (exclusive limits, each field
 * named once, unions and formats explained), and French for the contracts' own messages, the field
 * messages of domain errors and the list of accepted audio formats.
 */
import type { FieldError } from '@call-insights/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../test-support/factories.js';
import { upload } from '../test-support/recordings-client.js';

type Answer = { status: number; message: string; fields: FieldError[] };

describe('error messages through the routes', () => {
  let h: Harness;
  let admin: CreatedUser;

  const ask = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    lang?: string,
  ): Promise<Answer> => {
    const res = await h.app.inject({
      method,
      url,
      headers: {
        ...admin.auth,
        ...(lang ? { 'accept-language': lang } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    });
    const error = res.json<{ error: { message: string; fields?: FieldError[] } }>().error;
    return { status: res.statusCode, message: error.message, fields: error.fields ?? [] };
  };

  beforeAll(async () => {
    h = await createHarness('pglite');
    admin = await createUser(h.app);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('reads a positive id as "at least 1", in English and French', async () => {
    expect(await ask('GET', '/api/analysis/analysis?id=0')).toEqual({
      status: 400,
      message: 'Please check id: must be at least 1',
      fields: [{ path: 'id', message: 'must be at least 1' }],
    });
    expect(await ask('GET', '/api/analysis/analysis?id=0', undefined, 'fr')).toMatchObject({
      message: 'Vérifiez id : doit valoir au moins 1',
    });
    const negative = await ask('GET', '/api/analysis/analysis?id=-1');
    expect(negative.fields).toHaveLength(1);
    expect(negative.message).not.toMatch(/at least 0/);
    // positive() is "> 0" to zod: a whole number's limit is said as 1, also inside a union.
    const session_id = '7d0c6c1e-4a4f-4a7e-9c55-0c7f7d1b2a10';
    for (const id_usuario of [0, -3])
      expect((await ask('POST', '/api/agent/query', { query: 'hi', session_id, id_usuario })).fields).toEqual(
        [{ path: 'id_usuario', message: 'must be at least 1' }],
      );
  });

  it('names a field once, whatever its value breaks', async () => {
    expect(await ask('GET', '/api/analysis/analysis?id=99999999999999999999')).toEqual({
      status: 400,
      message: 'Please check id: must be at most 2147483647',
      fields: [{ path: 'id', message: 'must be at most 2147483647' }],
    });
    for (const url of ['/api/analysis/analysis?id=1e308', '/api/analysis/analysis?id=1&id=2']) {
      const answer = await ask('GET', url);
      expect(answer.status).toBe(400);
      expect(answer.fields.map((f) => f.path)).toEqual(['id']);
      expect(answer.message).toMatch(/^Please check id: /);
    }
    const user = { first_name: 'Ada', last_name: 'L', email: admin.email, username: [] };
    const list = await ask('PUT', '/api/users', user);
    expect(list.fields).toEqual([{ path: 'username', message: 'must be text' }]);
  });

  it('says what to send instead of "is not valid"', async () => {
    expect(await ask('POST', '/api/notifications/read', { all: false })).toEqual({
      status: 400,
      message: 'Please check all: must be true',
      fields: [{ path: 'all', message: 'must be true' }],
    });
    for (const body of [5, [], 'all'])
      expect((await ask('POST', '/api/notifications/read', body)).fields).toEqual([
        { path: 'body', message: 'must be an object' },
      ]);
    expect((await ask('POST', '/api/notifications/read', {})).fields).toEqual([
      { path: 'body', message: 'must include one of: ids, all' },
    ]);
    expect((await ask('POST', '/api/analysis/link-generator', { id: 1, expires_in_days: 5 })).fields).toEqual(
      [{ path: 'expires_in_days', message: 'must be one of: 7, 30, 90, null' }],
    );
    for (const start_date of ['2024/01/31', '31-01-2024'])
      expect((await ask('POST', '/api/crm/sync', { location_id: 1, start_date })).fields).toEqual([
        { path: 'start_date', message: 'must be in the format YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ' },
      ]);
    expect((await ask('POST', '/api/crm/sync', { location_id: 1, start_date: 'hier' }, 'fr')).fields).toEqual(
      [{ path: 'start_date', message: 'doit être au format YYYY-MM-DD ou YYYY-MM-DDTHH:MM:SSZ' }],
    );
  });

  it('answers the contracts’ own messages in French', async () => {
    const fr = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      ask(method, url, payload, 'fr').then((a) => a.fields);
    expect(await fr('POST', '/api/trackers', { name: 'Prix', phrases: { en: [], fr: [] } })).toEqual([
      { path: 'phrases', message: 'Ajoutez au moins une expression' },
    ]);
    const user = { first_name: 'Ada', last_name: 'L', email: admin.email, username: 'a b' };
    expect(await fr('PUT', '/api/users', user)).toEqual([
      {
        path: 'username',
        message: 'Utilisez des lettres, des chiffres, le point, le tiret ou le tiret bas',
      },
    ]);
    expect(await fr('POST', '/api/crm/sync', {})).toEqual([
      { path: 'location_id', message: 'Indiquez location_id ou location_name' },
    ]);
    expect(await fr('GET', '/api/manager/dashboard/summary?duration=7')).toEqual([
      { path: 'duration', message: 'Utilisez l’une des périodes 6, 29, 365 ou all.' },
    ]);
    expect(await fr('DELETE', '/api/analysis/shareable?link=abc')).toEqual([
      { path: 'link', message: 'Ce n’est pas un lien de partage' },
    ]);
  });

  it('translates the field messages of domain errors with the top-level message', async () => {
    const url = await ask('POST', '/api/analysis/file-url', { file_url: 'http://127.0.0.1/x.mp3' }, 'fr');
    const privateFr =
      'Cette URL pointe vers une adresse de réseau privé ou local, ce qui n’est pas autorisé.';
    expect(url).toEqual({
      status: 400,
      message: privateFr,
      fields: [{ path: 'file_url', message: privateFr }],
    });
    const empty = await ask(
      'POST',
      '/api/agent/query',
      { query: '   ', session_id: '7d0c6c1e-4a4f-4a7e-9c55-0c7f7d1b2a10' },
      'fr',
    );
    expect(empty).toEqual({
      status: 400,
      message: 'Écrivez une question avant de l’envoyer.',
      fields: [{ path: 'query', message: 'Écrivez une question avant de l’envoyer.' }],
    });
  });

  it('lists the accepted audio formats with the French "ou"', async () => {
    const notAudio = {
      name: 'notes.txt',
      data: Buffer.from('not audio at all, just some text'),
      type: 'text/plain',
    };
    const res = await upload(h.app, { ...admin.auth, 'accept-language': 'fr' }, notAudio);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe(
      'Ce fichier n’est pas dans un format audio pris en charge. Importez de l’audio WAV, MP3, M4A, OGG/Opus, WebM, FLAC ou AMR.',
    );
    const en = await upload(h.app, admin.auth, notAudio);
    expect(en.json().error.message).toBe(
      'This file is not a supported audio format. Upload WAV, MP3, M4A, OGG/Opus, WebM, FLAC or AMR audio.',
    );
  });
});
