import { defineRoute } from './http.js';
import { HealthResponse } from './health.js';

export const healthApi = {
  health: defineRoute({
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'Service health (503 when the database is down)',
    tags: ['health'],
    response: HealthResponse,
    errors: ['UNAVAILABLE'],
  }),
} as const;
