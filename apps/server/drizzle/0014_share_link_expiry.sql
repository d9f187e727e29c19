ALTER TABLE "share_links" ADD COLUMN IF NOT EXISTS "expires_at" timestamp with time zone;
