/** Baseline for bench/api-auth: a bare Fastify endpoint with no database, no auth. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
app.post('/bare', async (req) => ({ ok: true, echo: typeof req.body }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
