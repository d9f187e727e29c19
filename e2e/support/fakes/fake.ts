/**
 * A stand-in for an external service the server talks to during an e2e run. Global setup starts
 * every fake before the server, merges their `env` into the server's environment and stops them
 * after it (see e2e/global-setup.ts).
 */
export type Fake = {
  name: string;
  /** Environment variables that point the server at this fake. */
  env: Record<string, string>;
  stop(): Promise<void>;
};
