// @vitest-environment happy-dom
import {
  RecordingListResponse,
  RECORDINGS_PAGE_SIZE,
  type RecordingListItem,
} from '@call-insights/contracts/recordings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../../testing/fake-server';
import { renderApp, searchOf, installFakeServer } from '../../../testing/render-app';

function recording(id: number, overrides: Partial<RecordingListItem> = {}): RecordingListItem {
  const created = new Date(Date.UTC(2026, 0, 1, 9, 0) + id * 60_000).toISOString();
  return {
    id,
    createdAt: created,
    dateAdded: created,
    file: { originalname: `call-${id}.wav`, message_id: null },
    crm_userId: null,
    crm_firstName: `Contact${id}`,
    crm_lastName: 'Smith',
    crm_contactName: null,
    crm_email: null,
    phone_number: null,
    num_speakers: 2,
    duration: 95,
    location: null,
    source: 'uploaded_file',
    status: 'done',
    progress: 100,
    error: null,
    error_setup: null,
    ...overrides,
  };
}

const fake = installFakeServer();

/**
 * GET /analysis/transcriptions as the server answers it: file-name search, newest first (or oldest
 * first with sort=createdAt:asc), 10 a page,
 * with cursors to the neighbouring pages (here simply "cursor-<page>"; the real ones are opaque).
 */
function serveRecordings(all: RecordingListItem[]) {
  fake.server.on('GET', '/analysis/transcriptions', ({ query }) => {
    const q = query.get('q')?.toLowerCase() ?? '';
    const cursor = /^cursor-(\d+)$/.exec(query.get('cursor') ?? '');
    const page = cursor ? Number(cursor[1]) : Number(query.get('page') ?? 1);
    const matching = all
      .filter((item) => item.file.originalname.toLowerCase().includes(q))
      .sort((a, b) =>
        query.get('sort') === 'createdAt:asc'
          ? a.createdAt.localeCompare(b.createdAt)
          : b.createdAt.localeCompare(a.createdAt),
      );
    const answer: RecordingListResponse = {
      items: matching.slice((page - 1) * RECORDINGS_PAGE_SIZE, page * RECORDINGS_PAGE_SIZE),
      total: matching.length,
      totalCapped: false,
      page,
      pageSize: RECORDINGS_PAGE_SIZE,
      pageCount: Math.ceil(matching.length / RECORDINGS_PAGE_SIZE),
      next_cursor: page * RECORDINGS_PAGE_SIZE < matching.length ? `cursor-${page + 1}` : null,
      prev_cursor: page > 1 ? `cursor-${page - 1}` : null,
    };
    return json(200, RecordingListResponse.parse(answer));
  });
  fake.server.on('GET', '/locations/active-locations', () => json(200, { locations: [] }));
}

function rowNames(): string[] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[4]?.textContent ?? '');
}

describe('recordings page', () => {
  it('lists the first page of recordings, newest first, with the count', async () => {
    serveRecordings(Array.from({ length: 12 }, (_, i) => recording(i + 1)));
    await renderApp('/main/recordings');

    expect(await screen.findByText('Contact12')).toBeTruthy();
    expect(rowNames()).toEqual(Array.from({ length: 10 }, (_, i) => `Contact${12 - i}`));
    expect(screen.getByText('Showing 1–10 of 12')).toBeTruthy();
    expect(fake.server.calls('GET', '/analysis/transcriptions')[0]?.query.get('page')).toBe('1');
  });

  it('puts the search in the URL and asks the server again', async () => {
    serveRecordings([
      recording(1, { file: { originalname: 'roofing-quote.wav', message_id: null } }),
      recording(2),
    ]);
    const { router } = await renderApp('/main/recordings');
    await screen.findByText('Contact2');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search recordings' }), 'roofing');

    await waitFor(() => expect(searchOf(router).get('q')).toBe('roofing'));
    await waitFor(() => expect(rowNames()).toEqual(['Contact1']));
    const searches = fake.server.calls('GET', '/analysis/transcriptions').map((call) => call.query.get('q'));
    expect(searches).toContain('roofing');
    // With its time zone, so a date typed as the list shows it means that day here.
    const searched = fake.server.calls('GET', '/analysis/transcriptions').find((c) => c.query.get('q'));
    expect(searched?.query.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const unsearched = fake.server.calls('GET', '/analysis/transcriptions').find((c) => !c.query.get('q'));
    expect(unsearched?.query.has('tz')).toBe(false);
  });

  it('goes to the next page by the server cursor, in the URL and on the server', async () => {
    serveRecordings(Array.from({ length: 12 }, (_, i) => recording(i + 1)));
    const { router } = await renderApp('/main/recordings');
    await screen.findByText('Contact12');

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));

    await waitFor(() => expect(rowNames()).toEqual(['Contact2', 'Contact1']));
    expect(searchOf(router).get('page')).toBe('2');
    expect(searchOf(router).get('cursor')).toBe('cursor-2');
    expect(screen.getByText('Showing 11–12 of 12')).toBeTruthy();
    expect(fake.server.calls('GET', '/analysis/transcriptions').at(-1)?.query.get('cursor')).toBe('cursor-2');
  });

  it('asks for a far page by its number and comes back to page 1 without a cursor', async () => {
    serveRecordings(Array.from({ length: 45 }, (_, i) => recording(i + 1)));
    const { router } = await renderApp('/main/recordings');
    await screen.findByText('Contact45');

    await userEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    await waitFor(() => expect(rowNames()[0]).toBe('Contact15'));
    const far = fake.server.calls('GET', '/analysis/transcriptions').at(-1)!;
    expect([far.query.get('page'), far.query.get('cursor')]).toEqual(['4', null]);

    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(rowNames()[0]).toBe('Contact25'));
    expect(searchOf(router).get('cursor')).toBe('cursor-3');

    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(rowNames()[0]).toBe('Contact45'));
    expect([searchOf(router).get('page'), searchOf(router).get('cursor')]).toEqual([null, null]);
  });

  it('offers the sample calls when there are no recordings, and lists them once imported', async () => {
    const all: RecordingListItem[] = [];
    serveRecordings(all);
    fake.server.on('POST', '/recordings/samples', () => {
      all.push(recording(101, { source: 'sample' }), recording(102, { source: 'sample' }));
      return json(201, { ids: [101, 102] });
    });
    await renderApp('/main/recordings');

    expect(await screen.findByRole('heading', { name: 'No recordings yet' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try sample calls' }));

    await waitFor(() => expect(rowNames()).toEqual(['Contact102', 'Contact101']));
    expect(fake.server.calls('POST', '/recordings/samples')).toHaveLength(1);
  });

  it('says why the sample calls were refused, in the server’s words', async () => {
    serveRecordings([]);
    const refusal = 'This needs 4 free places for recordings and your organization has 1 left.';
    fake.server.on('POST', '/recordings/samples', () => apiError(409, 'CONFLICT', refusal));
    await renderApp('/main/recordings');

    await userEvent.click(await screen.findByRole('button', { name: 'Try sample calls' }));

    expect((await screen.findByRole('alert')).textContent).toContain(refusal);
  });

  it('says a phone number needs a CRM account when the organization has none', async () => {
    serveRecordings([recording(1)]);
    await renderApp('/main/recordings');
    await userEvent.click(await screen.findByRole('button', { name: 'Import Recording' }));
    const phone = screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;
    expect(phone.disabled).toBe(true);
    expect(
      screen.getByText("Connect a CRM account to attach calls to a contact's phone number."),
    ).toBeTruthy();
  });

  it('takes a phone number when the organization has a CRM account', async () => {
    serveRecordings([recording(1)]);
    fake.server.on('GET', '/locations/active-locations', () =>
      json(200, { locations: [{ id: 7, name: 'Austin office', location_id: 'loc-7' }] }),
    );
    await renderApp('/main/recordings');
    await userEvent.click(await screen.findByRole('button', { name: 'Import Recording' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement).disabled).toBe(
        false,
      ),
    );
    expect(
      screen.queryByText("Connect a CRM account to attach calls to a contact's phone number."),
    ).toBeNull();
  });

  it('shows the server’s reason when a link cannot be imported yet (429)', async () => {
    serveRecordings([recording(1)]);
    const wait = 'You already have 3 links importing. Wait for one of them to finish, then try again.';
    fake.server.on('POST', '/analysis/file-url', () => apiError(429, 'RATE_LIMITED', wait));
    await renderApp('/main/recordings');

    await userEvent.click(await screen.findByRole('button', { name: 'Import Recording' }));
    await userEvent.click(screen.getByRole('tab', { name: 'File URL' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'File URL' }), 'https://example.com/call.mp3');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Upload Failed' });
    expect(dialog.textContent).toContain(wait);
    expect(fake.server.calls('POST', '/analysis/file-url')).toHaveLength(1);
  });

  it('shows why an uploaded file is refused (415) under the spec’s failure sentence', async () => {
    serveRecordings([recording(1)]);
    const reason =
      'This file is not a supported audio format. Upload WAV, MP3, M4A, OGG/Opus, WebM, FLAC or AMR audio.';
    fake.server.on('POST', '/analysis/upload_file', () => apiError(415, 'UNSUPPORTED_MEDIA_TYPE', reason));
    vi.stubGlobal('XMLHttpRequest', fake.server.XMLHttpRequest);
    await renderApp('/main/recordings');

    await userEvent.click(await screen.findByRole('button', { name: 'Import Recording' }));
    const notAudio = new File(['not really audio'], 'fake.mp3', { type: 'audio/mpeg' });
    await userEvent.upload(screen.getByLabelText('Audio file'), notAudio);
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Upload Failed' });
    expect(dialog.textContent).toContain('There was an error processing your upload.');
    expect(dialog.textContent).toContain(reason);
    expect(fake.server.calls('POST', '/analysis/upload_file')).toHaveLength(1);
  });

  it('says the upload was received, not that it is being transcribed, when processing already failed', async () => {
    // The dialog keeps the spec's title ("Upload successful": the upload itself succeeded); its text
    // no longer promises a transcription the recording's status may already contradict.
    const all = [recording(1)];
    serveRecordings(all);
    const failure = 'Speech-to-text is not set up correctly on this server.';
    fake.server
      .on('POST', '/analysis/upload_file', () => {
        all.push(recording(2, { status: 'failed', progress: 100, error: failure }));
        return json(201, { success: 'file uploaded successfully', id: 2 });
      })
      .on('GET', '/transcription/progress', () =>
        json(200, { progress: 100, status: 'failed', error: failure }),
      );
    vi.stubGlobal('XMLHttpRequest', fake.server.XMLHttpRequest);
    await renderApp('/main/recordings');

    await userEvent.click(await screen.findByRole('button', { name: 'Import Recording' }));
    await userEvent.upload(
      screen.getByLabelText('Audio file'),
      new File(['RIFF'], 'call.wav', { type: 'audio/wav' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));

    const received = await screen.findByRole('dialog', { name: 'Upload successful' });
    expect(received.textContent).toContain('Your recording was received.');
    expect(received.textContent).not.toMatch(/being transcribed/i);
    // The recording's own status tells the rest: the progress panel and the row say it failed.
    expect(await screen.findByText('Processing failed')).toBeTruthy();
  });

  it('shows a failed row with its error and retries it', async () => {
    const all = [
      recording(1),
      recording(2, { status: 'failed', progress: 0, error: 'No speech model is configured.' }),
    ];
    serveRecordings(all);
    fake.server.on('POST', /^\/recordings\/\d+\/retry$/, () => {
      all[1] = { ...all[1]!, status: 'queued', error: null };
      return json(200, { id: 2, status: 'queued' });
    });
    await renderApp('/main/recordings');

    const failedRow = (await screen.findByText('Contact2')).closest('tr')!;
    expect(within(failedRow).getByText('Failed')).toBeTruthy();
    // The row says which call it is, and its state sits in the column that stays in view when the
    // table scrolls sideways, beside the actions.
    expect(within(failedRow).getByRole('rowheader').textContent).toContain('call-2.wav');
    const pinned = within(failedRow).getByRole('button', { name: 'Retry' }).closest('td')!;
    expect(pinned.className).toContain('sticky');
    expect(within(pinned).getByText('Failed')).toBeTruthy();
    expect(within(failedRow).getByText('(No speech model is configured.)')).toBeTruthy();
    expect(
      within(screen.getByText('Contact1').closest('tr')!).queryByRole('button', { name: 'Retry' }),
    ).toBeNull();

    await userEvent.click(within(failedRow).getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(within(failedRow).getByText('Queued 0%')).toBeTruthy());
    expect(fake.server.calls('POST', '/recordings/2/retry')).toHaveLength(1);
  });

  it('tells an admin which server setting stopped a failed call, beside the plain reason', async () => {
    const plain = 'Speech-to-text is not set up correctly on this server.';
    const setup = 'Set WHISPER_MODEL_PATH to a local ggml model file.';
    serveRecordings([recording(1, { status: 'failed', progress: 0, error: plain, error_setup: setup })]);
    await renderApp('/main/recordings');

    const row = (await screen.findByText('Contact1')).closest('tr')!;
    const badge = within(row).getByText('Failed').parentElement!;
    expect(badge.getAttribute('title')).toBe(`${plain}\nFor administrators: ${setup}`);
    expect(
      within(row).getByText(`(${plain} For administrators: ${setup})`, {
        normalizer: (t) => t.replace(/\s+/g, ' '),
      }),
    ).toBeTruthy();
  });

  describe('on a phone', () => {
    /** A screen narrower than the sm breakpoint: every min-width query fails. */
    function phoneScreen() {
      vi.spyOn(window, 'matchMedia').mockImplementation(
        (query: string) =>
          ({
            matches: !query.includes('min-width'),
            media: query,
            onchange: null,
            addEventListener: () => {},
            removeEventListener: () => {},
            addListener: () => {},
            removeListener: () => {},
            dispatchEvent: () => false,
          }) as MediaQueryList,
      );
    }
    afterEach(() => vi.restoreAllMocks());

    it('lists the calls as cards with their state and actions, and sorts them', async () => {
      phoneScreen();
      const all = [
        recording(1, { phone_number: '+12133734253', location: { id: 1, name: 'Downtown' } }),
        recording(2, { status: 'failed', progress: 0, error: 'No speech model is configured.' }),
        recording(3, { crm_firstName: null, crm_lastName: null }),
      ];
      serveRecordings(all);
      const { router } = await renderApp('/main/recordings');

      const list = await screen.findByRole('list', { name: 'Call recordings, newest first' });
      expect(screen.queryByRole('table')).toBeNull();
      const cards = within(list).getAllByRole('listitem');
      // Newest first; a call without a contact name goes by its file name.
      expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
        'call-3.wav',
        'Contact2 Smith',
        'Contact1 Smith',
      ]);
      const first = within(list).getByRole('listitem', { name: 'Contact1 Smith' });
      expect(first.textContent).toContain('00:01:35');
      expect(first.textContent).toContain('2 speakers');
      expect(first.textContent).toContain('+1 213 373 4253 · Downtown');
      expect(within(first).getByRole('link', { name: 'View analysis' }).getAttribute('href')).toBe(
        '/main/call-analysis/1',
      );

      const failed = within(list).getByRole('listitem', { name: 'Contact2 Smith' });
      expect(failed.textContent).toContain('No speech model is configured.');
      fake.server.on('POST', /^\/recordings\/\d+\/retry$/, () => {
        all[1] = { ...all[1]!, status: 'queued', error: null };
        return json(200, { id: 2, status: 'queued' });
      });
      await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(failed.textContent).toContain('Queued 0%'));

      await userEvent.click(screen.getByRole('button', { name: 'Sort by date created, newest first' }));
      await waitFor(() => expect(searchOf(router).get('sort')).toBe('createdAt:asc'));
      const oldest = await screen.findByRole('list', { name: 'Call recordings, oldest first' });
      await waitFor(() =>
        expect(within(oldest).getAllByRole('listitem')[0]?.getAttribute('aria-label')).toBe('Contact1 Smith'),
      );
      expect(fake.server.calls('GET', '/analysis/transcriptions').at(-1)?.query.get('sort')).toBe(
        'createdAt:asc',
      );
    });
  });
});
