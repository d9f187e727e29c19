/** The browser's IANA time zone ("Europe/Paris"), or undefined when the browser does not say. */
export function browserTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
