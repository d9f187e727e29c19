CREATE TABLE "trackers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"phrases_en" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"phrases_fr" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_key" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "trackers_org_name_key" ON "trackers" USING btree ("organization_id", lower("name")) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "trackers_org_default_key" ON "trackers" USING btree ("organization_id", "default_key");--> statement-breakpoint
CREATE TABLE "tracker_hits" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"recording_id" integer NOT NULL REFERENCES "recordings"("id") ON DELETE cascade,
	"tracker_id" integer NOT NULL REFERENCES "trackers"("id") ON DELETE cascade,
	"segment_index" integer NOT NULL,
	"char_start" integer NOT NULL,
	"speaker" text NOT NULL,
	"start_sec" real NOT NULL,
	"end_sec" real NOT NULL,
	"phrase" text NOT NULL,
	"said" text NOT NULL,
	"sentence" text NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "tracker_hits_mention_key" ON "tracker_hits" USING btree ("recording_id", "tracker_id", "segment_index", "char_start");--> statement-breakpoint
CREATE INDEX "tracker_hits_tracker_recording_idx" ON "tracker_hits" USING btree ("tracker_id", "recording_id");--> statement-breakpoint
CREATE TABLE "tracker_reapply_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"status" text DEFAULT 'running' NOT NULL,
	"last_recording_id" integer DEFAULT 0 NOT NULL,
	"max_recording_id" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "tracker_reapply_runs_org_status_idx" ON "tracker_reapply_runs" USING btree ("organization_id", "status");
