-- Places held by URL imports still downloading (recordings module, ADR 033). The quota counts them
-- with the recordings, and a user's live ones are their concurrent URL imports, all read under the
-- organization's quota lock. A reservation ends when its import is saved or fails; one left by a
-- crashed process lapses at "expires_at" (the download's own time cap plus a margin) and is then
-- ignored, and deleted with its audio file by the next import of the organization.
CREATE TABLE "recording_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"storage_key" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "recording_reservations" ADD CONSTRAINT "recording_reservations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_reservations" ADD CONSTRAINT "recording_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recording_reservations_org_idx" ON "recording_reservations" USING btree ("organization_id","expires_at");--> statement-breakpoint
-- Stored bytes are summed per organization for the storage quota; a file over 2 GiB (MAX_UPLOAD_MB
-- allows 10 GiB) did not fit an integer. Imports have written the size with the audio since 0001
-- (a row without audio has none and counts as 0): nothing to backfill.
ALTER TABLE "recordings" ALTER COLUMN "size_bytes" SET DATA TYPE bigint;
