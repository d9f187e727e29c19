/** Baseline for bench/assistant: a bare Fastify POST route answering a markdown string (no database, no auth). */
import Fastify from 'fastify';

const rows = Array.from(
  { length: 20 },
  (_, i) =>
    `| Contact ${i} · +1555000${i} | 1 | [22 Nov 2026, 10:${String(i).padStart(2, '0')}](/main/call-analysis/${100_000 - i}) | Follow-up | ${50 + i} |`,
);
const response = [
  '**Leads called — 200 leads** · Period: today (Sun 22 Nov 2026, UTC) · Scope: all calls of your organization',
  '',
  '| Lead | Calls | Last call | Result | Lead score |',
  '| --- | --- | --- | --- | --- |',
  ...rows,
].join('\n');

const app = Fastify({ logger: false });
app.post('/bare', async () => ({ response }));
app.get('/bare', async () => ({ response }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
