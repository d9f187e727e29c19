/** Labels of the summary's buckets ("YYYY-MM-DD", UTC): a day, a month or a year in the reader's language. */
export type BucketUnit = 'day' | 'month' | 'year';

const formats: Record<BucketUnit, Intl.DateTimeFormatOptions> = {
  day: { month: 'short', day: 'numeric', timeZone: 'UTC' },
  month: { month: 'short', year: 'numeric', timeZone: 'UTC' },
  year: { year: 'numeric', timeZone: 'UTC' },
};

export function periodLabel(start: string, unit: BucketUnit, language: string): string {
  const date = new Date(`${start.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return start;
  return new Intl.DateTimeFormat(language, formats[unit]).format(date);
}
