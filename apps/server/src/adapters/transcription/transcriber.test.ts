import { describe, expect, it } from 'vitest';
import { httpStatusError, joinApiUrl, parseRetryAfter } from './provider-http.js';
import { mergeChannelSegments, normalizeLanguage, TranscriptionError } from './transcriber.js';

describe('mergeChannelSegments', () => {
  it('labels each channel, sorts by start time, drops empty text and joins the text', () => {
    const transcript = mergeChannelSegments(
      [
        {
          speaker: 'Speaker 1',
          segments: [
            { start: 0.5, end: 2, text: ' Hi, this is Mark. ' },
            { start: 6, end: 8, text: 'It is $299 per month.' },
          ],
        },
        {
          speaker: 'Speaker 2',
          segments: [
            { start: 2.4, end: 4, text: 'What is this about?' },
            { start: 5, end: 5.2, text: '   ' },
            { start: 6, end: 7, text: 'Too expensive.' },
          ],
        },
      ],
      'en',
    );

    expect(transcript).toEqual({
      segments: [
        { speaker: 'Speaker 1', start: 0.5, end: 2, text: 'Hi, this is Mark.' },
        { speaker: 'Speaker 2', start: 2.4, end: 4, text: 'What is this about?' },
        { speaker: 'Speaker 1', start: 6, end: 8, text: 'It is $299 per month.' },
        { speaker: 'Speaker 2', start: 6, end: 7, text: 'Too expensive.' },
      ],
      text: 'Hi, this is Mark. What is this about? It is $299 per month. Too expensive.',
      language: 'en',
    });
  });

  it('clamps negative and inverted times from sloppy engines', () => {
    const { segments } = mergeChannelSegments([
      { speaker: 'A', segments: [{ start: -0.2, end: -0.1, text: 'x' }] },
    ]);
    expect(segments).toEqual([{ speaker: 'A', start: 0, end: 0, text: 'x' }]);
  });

  it('omits the language when unknown', () => {
    expect(mergeChannelSegments([])).toEqual({ segments: [], text: '' });
  });
});

describe('httpStatusError', () => {
  const settings = { provider: 'openai', displayName: 'The service' };
  const kindOf = (status: number) =>
    httpStatusError(settings, { status, url: 'http://x/v1/a', body: '' }).kind;

  it.each([
    [400, 'BAD_AUDIO'],
    [401, 'CONFIG'],
    [403, 'CONFIG'],
    [404, 'CONFIG'],
    [408, 'TEMPORARY'],
    [413, 'BAD_AUDIO'],
    [415, 'BAD_AUDIO'],
    [422, 'BAD_AUDIO'],
    [429, 'TEMPORARY'],
    [500, 'TEMPORARY'],
    [502, 'TEMPORARY'],
    [503, 'TEMPORARY'],
    [418, 'UNKNOWN'],
  ] as const)('HTTP %i → %s', (status, kind) => {
    expect(kindOf(status)).toBe(kind);
  });

  it('keeps the vendor body in the detail, not in the user message', () => {
    const err = httpStatusError(settings, {
      status: 400,
      url: 'http://x/v1/audio/transcriptions?key=secret',
      body: '{"error":{"message":"Invalid file format."}}',
    });
    expect(err).toBeInstanceOf(TranscriptionError);
    expect(err.detail).toContain('Invalid file format.');
    expect(err.detail).not.toContain('secret');
    expect(err.userMessage).not.toContain('Invalid file format.');
    // The error's message is the user-facing sentence with placeholders (translated when read);
    // vendor text stays in the detail.
    expect(err.message).toBe(
      '{provider} could not process this audio (HTTP {status}). The file may be damaged, too large, or in an unsupported format.',
    );
    expect(err.params).toEqual({ provider: settings.displayName, status: 400 });
    expect(err.userMessage).toBe(
      'The service could not process this audio (HTTP 400). The file may be damaged, too large, or in an unsupported format.',
    );
  });

  it('reads Retry-After on TEMPORARY errors', () => {
    const err = httpStatusError(settings, { status: 429, url: 'http://x', body: '', retryAfter: '7' });
    expect(err.retryAfterSec).toBe(7);
    expect(err.retryable).toBe(true);
  });
});

describe('helpers', () => {
  it.each([
    ['https://api.openai.com', 'https://api.openai.com/v1/audio/transcriptions'],
    ['https://api.openai.com/', 'https://api.openai.com/v1/audio/transcriptions'],
    ['https://api.openai.com/v1', 'https://api.openai.com/v1/audio/transcriptions'],
    ['https://api.groq.com/openai/v1/', 'https://api.groq.com/openai/v1/audio/transcriptions'],
    ['http://127.0.0.1:8000/proxy', 'http://127.0.0.1:8000/proxy/v1/audio/transcriptions'],
  ])('joinApiUrl(%s)', (base, expected) => {
    expect(joinApiUrl(base, 'audio/transcriptions')).toBe(expected);
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    expect(parseRetryAfter(inTwoMinutes)).toBeGreaterThan(100);
  });

  it('normalizes vendor language names to ISO codes', () => {
    expect(normalizeLanguage('english')).toBe('en');
    expect(normalizeLanguage('French')).toBe('fr');
    expect(normalizeLanguage('en-US')).toBe('en');
    expect(normalizeLanguage('klingon')).toBe('klingon');
    expect(normalizeLanguage(undefined)).toBeUndefined();
  });
});
