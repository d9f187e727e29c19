// @vitest-environment happy-dom
import {
  RecordingListResponse,
  RECORDINGS_PAGE_SIZE,
  type RecordingListItem,
} from '@call-insights/contracts/recordings';
import { TrackerList } from '@call-insights/contracts/trackers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fake-server';
import { installFakeServer, renderApp, searchOf } from '../../../testing/render-app';

const recording = (id: number): RecordingListItem => ({
  id,
  createdAt: new Date(Date.UTC(2026, 0, 1, 9, id)).toISOString(),
  dateAdded: new Date(Date.UTC(2026, 0, 1, 9, id)).toISOString(),
  file: { originalname: `call-${id}.wav`, message_id: null },
  crm_userId: null,
  crm_firstName: `Contact${id}`,
  crm_lastName: 'Smith',
  crm_contactName: null,
  crm_email: null,
  phone_number: null,
  num_speakers: 2,
  duration: 60,
  location: null,
  source: 'uploaded_file',
  status: 'done',
  progress: 100,
  error: null,
  error_setup: null,
});

const trackers = TrackerList.parse({
  trackers: [
    {
      id: 1,
      name: 'Competitors',
      defaultName: 'competitors',
      phrases: { en: ['another company'], fr: [] },
      builtIn: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
    {
      id: 2,
      name: 'Budget',
      defaultName: 'budget',
      phrases: { en: ['budget'], fr: [] },
      builtIn: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  ],
});
/** Which calls mention which tracker, as the server would know from the stored mentions. */
const mentions: Record<string, number[]> = { '1': [2], '2': [1, 3] };
/** How each call ended, as its analysis says. */
const results: Record<number, string> = { 1: 'appointment', 2: 'follow_up', 3: 'appointment' };

const fake = installFakeServer();

function serve() {
  fake.server.on('GET', '/trackers', () => json(200, trackers));
  fake.server.on('GET', '/locations/active-locations', () => json(200, { locations: [] }));
  fake.server.on('GET', '/analysis/transcriptions', ({ query }) => {
    const tracker = query.get('tracker_id');
    const result = query.get('result');
    const q = query.get('q') ?? '';
    const items = [3, 2, 1]
      .filter((id) => !tracker || mentions[tracker]?.includes(id))
      .filter((id) => !result || results[id] === result)
      .filter((id) => `contact${id}`.includes(q.toLowerCase()))
      .map(recording);
    return json(
      200,
      RecordingListResponse.parse({
        items,
        total: items.length,
        totalCapped: false,
        page: 1,
        pageSize: RECORDINGS_PAGE_SIZE,
        pageCount: 1,
        next_cursor: null,
        prev_cursor: null,
      }),
    );
  });
}

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[4]?.textContent ?? '');

describe('recordings page, tracker filter', () => {
  it('lists only the calls that mention the chosen tracker, kept in the URL', async () => {
    serve();
    const { router } = await renderApp('/main/recordings');
    expect(await screen.findByText('Contact3')).toBeTruthy();
    expect(names()).toEqual(['Contact3', 'Contact2', 'Contact1']);

    const select = await screen.findByRole('combobox', { name: 'Tracker' });
    await userEvent.selectOptions(select, 'Budget');
    await waitFor(() => expect(names()).toEqual(['Contact3', 'Contact1']));
    expect(searchOf(router).get('tracker')).toBe('2');
    expect(fake.server.calls('GET', '/analysis/transcriptions').at(-1)?.query.get('tracker_id')).toBe('2');

    await userEvent.selectOptions(select, 'All trackers');
    await waitFor(() => expect(names()).toEqual(['Contact3', 'Contact2', 'Contact1']));
    expect(searchOf(router).get('tracker')).toBeNull();
  });

  it('exports the calls on screen: the CSV follows the tracker and the search', async () => {
    serve();
    fake.server.on(
      'GET',
      '/recordings/export.csv',
      () => new Response('\uFEFFDate created\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    );
    // Saving the file is the browser's business: only the request is under test here.
    const made = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    await renderApp('/main/recordings?tracker=2&q=contact&result=appointment');
    expect(await screen.findByText('Contact3')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(fake.server.calls('GET', '/recordings/export.csv')).toHaveLength(1));
    const sent = fake.server.calls('GET', '/recordings/export.csv')[0]!.query;
    expect(sent.get('tracker_id')).toBe('2');
    expect(sent.get('q')).toBe('contact');
    expect(sent.get('result')).toBe('appointment');
    made.mockRestore();
    revoked.mockRestore();
  });

  it('lists only the calls with the chosen result, with the tracker too, and shows all again', async () => {
    serve();
    const { router } = await renderApp('/main/recordings');
    expect(await screen.findByText('Contact3')).toBeTruthy();

    const select = screen.getByRole('combobox', { name: 'Result' });
    await userEvent.selectOptions(select, 'Appointment');
    await waitFor(() => expect(names()).toEqual(['Contact3', 'Contact1']));
    expect(searchOf(router).get('result')).toBe('appointment');
    expect(fake.server.calls('GET', '/analysis/transcriptions').at(-1)?.query.get('result')).toBe(
      'appointment',
    );

    // With a tracker as well, both hold: Competitors is mentioned only in call 2, a follow-up.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tracker' }), 'Competitors');
    expect(await screen.findByText('No calls mention this tracker yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show all recordings' }));
    await waitFor(() => expect(names()).toEqual(['Contact3', 'Contact2', 'Contact1']));
    expect(searchOf(router).get('result')).toBeNull();
    expect(searchOf(router).get('tracker')).toBeNull();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Result' }), 'Not interested');
    expect(await screen.findByText('No calls with this result')).toBeTruthy();
  });

  it('opens filtered from the URL', async () => {
    serve();
    await renderApp('/main/recordings?tracker=1');
    expect(await screen.findByText('Contact2')).toBeTruthy();
    expect(names()).toEqual(['Contact2']);
    expect(((await screen.findByRole('combobox', { name: 'Tracker' })) as HTMLSelectElement).value).toBe('1');
  });

  it('says no call mentions a tracker yet, and keeps the filter to change it back', async () => {
    serve();
    mentions['3'] = [];
    fake.server.on('GET', '/trackers', () =>
      json(
        200,
        TrackerList.parse({
          trackers: [
            ...trackers.trackers,
            { ...trackers.trackers[1], id: 3, name: 'Timing', defaultName: null, builtIn: false },
          ],
        }),
      ),
    );
    const { router } = await renderApp('/main/recordings?tracker=3');
    expect(await screen.findByText('No calls mention this tracker yet')).toBeTruthy();
    // Not the first-use screen: the toolbar and its filter stay.
    expect(screen.queryByText('No recordings yet')).toBeNull();
    const select = await screen.findByRole('combobox', { name: 'Tracker' });
    expect((select as HTMLSelectElement).value).toBe('3');

    await userEvent.click(screen.getByRole('button', { name: 'Show all recordings' }));
    await waitFor(() => expect(names()).toEqual(['Contact3', 'Contact2', 'Contact1']));
    expect(searchOf(router).get('tracker')).toBeNull();
  });

  it('clears a search that found nothing and keeps the tracker chosen', async () => {
    serve();
    const { router } = await renderApp('/main/recordings?tracker=2&q=nobody');
    expect(await screen.findByText('No recordings match your search')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(names()).toEqual(['Contact3', 'Contact1']));
    expect(searchOf(router).get('tracker')).toBe('2');
    expect(searchOf(router).get('q')).toBeNull();
  });
});
