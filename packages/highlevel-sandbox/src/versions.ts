/** The `Version` header values the vendor's API checks per endpoint (see highlevel.md). */
export const VERSION_CONVERSATIONS = '2021-04-15';
export const VERSION_DEFAULT = '2021-07-28';
