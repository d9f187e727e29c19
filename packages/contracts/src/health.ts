import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']) }),
  queue: z.object({ ok: z.boolean() }),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
