ALTER TABLE "organizations" ADD COLUMN "redact_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "redact_phones" boolean DEFAULT false NOT NULL;
