-- A recording's failure reason kept as its message and values (recordings module), so the list, the
-- progress poll, the call page and the dashboard show it in the reader's language. "error" keeps the
-- English text for older readers and for rows failed before this column existed.
ALTER TABLE "recordings" ADD COLUMN "error_detail" jsonb;
