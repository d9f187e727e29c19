/**
 * Seeds recordings for bench/list and bench/export with ONE SQL statement (generate_series): call-<n>.wav
 * names, created_at spread over the last two years, transcripts of 60–120 words drawn from a ~2,000-word
 * sales vocabulary with a skewed (Zipf-like) distribution, and one rare word in about 1 row in 10,000.
 */
import type pg from 'pg';

const BASE_WORDS = `price pricing budget contract renewal discount quote proposal invoice payment
  demo trial onboarding account customer client prospect lead deal pipeline forecast quota
  meeting schedule calendar call follow email message voicemail callback appointment
  product feature integration software platform license seat subscription plan tier upgrade
  support ticket issue problem solution question answer concern objection competitor
  manager director owner founder team department company business office location branch
  market industry segment region territory channel partner vendor supplier reseller
  revenue margin cost saving value return investment growth target goal result metric
  report dashboard analytics data insight record history note summary update status
  order shipment delivery warehouse inventory stock product catalog brochure sample
  agreement signature approval decision stakeholder committee legal procurement finance
  security compliance privacy policy risk audit review requirement specification
  timeline deadline quarter month week today tomorrow friday monday morning afternoon
  interest need pain priority challenge opportunity benefit advantage outcome impact
  call recording transcript coach training feedback script talk track pitch close
  negotiate commit sign agree confirm cancel pause extend expand reduce increase
  phone mobile number address website portal login password access user admin
  install setup configure migrate import export sync connect launch rollout pilot
  hello thanks sure great perfect absolutely understand really probably maybe
  happy excited worried busy available interested ready possible difficult simple
  fast quick easy expensive cheap affordable flexible reliable secure scalable
  monthly annual yearly weekly daily hourly total extra additional standard premium
  enterprise startup agency retail healthcare insurance estate dental legal roofing
  solar plumbing hvac automotive restaurant fitness salon clinic school college`
  .split(/\s+/)
  .filter(Boolean);

const SUFFIXES = ['', 's', 'ed', 'ing', 'er', 'ly', 'ment', 'al'];

/** ~2,000 distinct words: every base word with every suffix, base words first (the common ones). */
export function salesVocabulary(): string[] {
  const words = new Set<string>();
  for (const suffix of SUFFIXES) for (const w of BASE_WORDS) words.add(w + suffix);
  return [...words];
}

/** A word that the vocabulary never produces, put in about 1 row in 10,000. */
export const RARE_WORD = 'notarization';

/**
 * Inserts `rows` done recordings for one organization and user, then VACUUM ANALYZE (the state
 * autovacuum leaves a table in: statistics, visibility map, GIN pending lists merged); returns
 * seconds taken.
 */
export async function seedRecordings(
  client: pg.Client,
  opts: { organizationId: number; userId: number; rows: number },
): Promise<{ seconds: number; vocabulary: number }> {
  const vocab = salesVocabulary();
  const started = Date.now();
  // power(random(), 3) skews draws toward the start of the list: the first words are in nearly every
  // transcript, the last ones in few. The lateral subqueries reference g so they run once per row.
  // Timestamps are cut to milliseconds like the server's own inserts (JS Dates).
  await client.query(
    `insert into recordings (organization_id, user_id, source, original_name, num_speakers, status, progress,
       transcript_text, segments, duration_sec, created_at, date_added, updated_at, created_text)
     select $1, $2, 'uploaded_file', 'call-' || g || '.wav', 2, 'done', 100,
       w.text || case when g % 10000 = 7 then ' ' || $5 else '' end,
       null, 60 + (g % 900), c.ts, c.ts, c.ts,
       to_char(c.ts at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')
     from generate_series(1, $3::int) g
     cross join lateral (
       select date_trunc('milliseconds', now() - random() * interval '730 days' + g * interval '0 s') as ts
     ) c
     cross join lateral (
       select string_agg(($4::text[])[1 + floor(power(random(), 3) * array_length($4::text[], 1))::int], ' ') as text
       from generate_series(1, 60 + (random() * 60)::int + g * 0)
     ) w`,
    [opts.organizationId, opts.userId, opts.rows, vocab, RARE_WORD],
  );
  await client.query('vacuum (analyze) recordings');
  return { seconds: (Date.now() - started) / 1000, vocabulary: vocab.length };
}
