import { ACCOUNT_WITHOUT_PHONE, PHONE_WITHOUT_ACCOUNT } from '@call-insights/contracts/recordings';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/recordings.json';
import {
  defaultImportFields,
  defaultImportForm,
  importFieldsSchema,
  importFormSchema,
  pairingProblem,
  toUploadMeta,
} from './import-form';

describe('pairingProblem', () => {
  it('accepts neither or both', () => {
    expect(pairingProblem({ phoneNumber: '', locationId: null })).toBeNull();
    expect(pairingProblem({ phoneNumber: '2133734253', locationId: 4 })).toBeNull();
  });

  it('names the missing half', () => {
    expect(pairingProblem({ phoneNumber: '2133734253', locationId: null })).toBe('phoneWithoutAccount');
    expect(pairingProblem({ phoneNumber: '  ', locationId: 4 })).toBe('accountWithoutPhone');
  });

  it('uses the contract texts in English', () => {
    expect(en.recordings.alerts.phoneWithoutAccount).toBe(PHONE_WITHOUT_ACCOUNT);
    expect(en.recordings.alerts.accountWithoutPhone).toBe(ACCOUNT_WITHOUT_PHONE);
  });
});

describe('toUploadMeta', () => {
  it('maps the form to the upload fields, leaving out what was not given', () => {
    const fields = importFieldsSchema.parse({ ...defaultImportFields, numSpeakers: '' });
    expect(toUploadMeta(fields, 'uploaded_file', 7)).toEqual({
      user_id: 7,
      upload_type: 'uploaded_file',
      num_speakers: 2,
      phone_number: undefined,
      phone_country: 'US',
      location_id: undefined,
    });
  });

  it('keeps phone, country and account together', () => {
    const fields = importFieldsSchema.parse({
      numSpeakers: 3,
      phoneNumber: ' 020 7946 0018 ',
      phoneCountry: 'GB',
      locationId: 5,
    });
    expect(toUploadMeta(fields, 'file_url', null)).toMatchObject({
      user_id: undefined,
      num_speakers: 3,
      phone_number: '020 7946 0018',
      phone_country: 'GB',
      location_id: 5,
    });
  });
});

describe('importFormSchema', () => {
  const paths = (value: unknown) =>
    importFormSchema.safeParse(value).error?.issues.map((issue) => issue.path.join('.')) ?? [];
  const url = { ...defaultImportForm('url'), fileUrl: 'https://example.com/call.mp3' };
  const audio = new File(['RIFF'], 'call.wav', { type: 'audio/wav' });

  it('accepts an http(s) address on the URL tab and an audio file on the file tab', () => {
    expect(paths(url)).toEqual([]);
    expect(paths({ ...defaultImportForm('file'), file: audio })).toEqual([]);
    expect(paths({ ...defaultImportForm('file'), file: new File(['x'], 'call') })).toEqual([]);
  });

  it('asks for what the tab in use needs', () => {
    expect(paths(defaultImportForm('file'))).toEqual(['file']);
    expect(paths(defaultImportForm('url'))).toEqual(['fileUrl']);
    expect(
      paths({ ...defaultImportForm('file'), file: new File(['x'], 'a.txt', { type: 'text/plain' }) }),
    ).toEqual(['file']);
  });

  it('refuses other schemes, bad speakers and invalid phones', () => {
    expect(paths({ ...url, fileUrl: 'ftp://example.com/a.mp3' })).toEqual(['fileUrl']);
    expect(paths({ ...url, fileUrl: 'not a url' })).toEqual(['fileUrl']);
    expect(paths({ ...url, numSpeakers: 11 })).toEqual(['numSpeakers']);
    expect(paths({ ...url, numSpeakers: 1.5 })).toEqual(['numSpeakers']);
    expect(paths({ ...url, phoneNumber: '123', locationId: 1 })).toEqual(['phoneNumber']);
    expect(paths({ ...url, phoneNumber: '(213) 373-4253', locationId: 1 })).toEqual([]);
  });

  it('gives translation keys as messages', () => {
    const issues = importFormSchema.safeParse({ ...url, numSpeakers: 0, fileUrl: 'x' }).error?.issues ?? [];
    expect(issues.map((issue) => issue.message).sort()).toEqual([
      'recordings.import.speakersRange',
      'recordings.import.urlInvalid',
    ]);
  });
});
