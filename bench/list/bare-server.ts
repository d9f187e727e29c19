/** Baseline for bench/list: a bare Fastify endpoint returning a list page of 10 rows (no database, no auth). */
import Fastify from 'fastify';

const now = Date.now();
const items = Array.from({ length: 10 }, (_, i) => {
  const at = new Date(now - i * 3_600_000).toISOString();
  return {
    id: 100_000 - i,
    createdAt: at,
    dateAdded: at,
    file: { originalname: `call-${100_000 - i}.wav`, message_id: null },
    crm_userId: null,
    crm_firstName: null,
    crm_lastName: null,
    crm_contactName: null,
    crm_email: null,
    phone_number: null,
    num_speakers: 2,
    duration: 60 + i,
    location: null,
    source: 'uploaded_file',
    status: 'done',
    progress: 100,
    error: null,
  };
});
const page = { items, total: 100_000, page: 1, pageSize: 10, pageCount: 10_000 };

const app = Fastify({ logger: false });
app.get('/bare', async () => page);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
