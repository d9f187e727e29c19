/**
 * The fields both import tabs share (speakers, phone with its country, account) and how they
 * become the upload request. Messages are `recordings.*` translation keys.
 */
import {
  ACCOUNT_WITHOUT_PHONE,
  DEFAULT_NUM_SPEAKERS,
  PHONE_WITHOUT_ACCOUNT,
  PhoneCountry,
  type UploadMeta,
} from '@call-insights/contracts/recordings';
import { isValidPhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';

export const MIN_SPEAKERS = 1;
export const MAX_SPEAKERS = 10;

const speakers = z.preprocess(
  (value) => (value === '' || value === undefined || Number.isNaN(value) ? DEFAULT_NUM_SPEAKERS : value),
  z.coerce
    .number({ message: 'recordings.import.speakersRange' })
    .int({ message: 'recordings.import.speakersRange' })
    .min(MIN_SPEAKERS, { message: 'recordings.import.speakersRange' })
    .max(MAX_SPEAKERS, { message: 'recordings.import.speakersRange' }),
);

export const importFieldsSchema = z.object({
  numSpeakers: speakers,
  phoneNumber: z.string().trim().max(40, { message: 'recordings.import.phoneInvalid' }),
  phoneCountry: PhoneCountry,
  locationId: z.number().int().positive().nullable(),
});

export type ImportFields = z.input<typeof importFieldsSchema>;

export const defaultImportFields = {
  numSpeakers: DEFAULT_NUM_SPEAKERS,
  phoneNumber: '',
  phoneCountry: 'US',
  locationId: null,
} satisfies ImportFields;

export type ImportSource = 'file' | 'url';

/** An http(s) address of at most 2,048 characters (the contract's limit). */
export const fileUrlSchema = z
  .string()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/ }));

/**
 * The import dialog: the shared fields plus the file (File upload tab) or the address (File URL
 * tab), checked according to `source`, the tab in use.
 */
export const importFormSchema = importFieldsSchema
  .extend({
    source: z.enum(['file', 'url']),
    file: z.instanceof(File).nullable(),
    fileUrl: z.string().trim(),
  })
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (value.phoneNumber && !isValidPhoneNumber(value.phoneNumber, value.phoneCountry)) {
      issue('phoneNumber', 'recordings.import.phoneInvalid');
    }
    if (value.source === 'file') {
      if (!value.file) issue('file', 'recordings.import.fileRequired');
      // Some systems give no type; the server then checks the content itself.
      else if (value.file.type && !value.file.type.startsWith('audio/'))
        issue('file', 'recordings.import.notAudio');
    } else if (!value.fileUrl) {
      issue('fileUrl', 'recordings.import.urlRequired');
    } else if (!fileUrlSchema.safeParse(value.fileUrl).success) {
      issue('fileUrl', 'recordings.import.urlInvalid');
    }
  });
export type ImportFormInput = z.input<typeof importFormSchema>;
export type ImportFormValues = z.output<typeof importFormSchema>;

export function defaultImportForm(source: ImportSource): ImportFormInput {
  return { ...defaultImportFields, source, file: null, fileUrl: '' };
}

export type PairingProblem = 'phoneWithoutAccount' | 'accountWithoutPhone';

/** Spec: a phone number and an account are given together or not at all. */
export function pairingProblem(
  fields: Pick<ImportFields, 'phoneNumber' | 'locationId'>,
): PairingProblem | null {
  const hasPhone = fields.phoneNumber.trim() !== '';
  const hasAccount = fields.locationId !== null;
  if (hasPhone && !hasAccount) return 'phoneWithoutAccount';
  if (hasAccount && !hasPhone) return 'accountWithoutPhone';
  return null;
}

/** The contract's English texts of the two blocking alerts, by problem. */
export const pairingMessages: Record<PairingProblem, string> = {
  phoneWithoutAccount: PHONE_WITHOUT_ACCOUNT,
  accountWithoutPhone: ACCOUNT_WITHOUT_PHONE,
};

export type UploadMetaInput = z.input<typeof UploadMeta>;

/** The upload request fields (JSON part of the file upload, body of the URL import). */
export function toUploadMeta(
  fields: z.output<typeof importFieldsSchema>,
  uploadType: 'uploaded_file' | 'file_url',
  userId: number | null,
): UploadMetaInput {
  return {
    user_id: userId ?? undefined,
    upload_type: uploadType,
    num_speakers: fields.numSpeakers,
    phone_number: fields.phoneNumber || undefined,
    phone_country: fields.phoneCountry,
    location_id: fields.locationId ?? undefined,
  };
}
