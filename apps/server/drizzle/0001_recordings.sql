CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "analyses" (
	"recording_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"analyzer" text NOT NULL,
	"result_class" text,
	"lead_score" integer,
	"data" jsonb NOT NULL,
	"metrics" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"crm_location_id" text NOT NULL,
	"company_id" text,
	"name" text NOT NULL,
	"details" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"access_token_sealed" text,
	"refresh_token_sealed" text,
	"token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"location_id" integer,
	"source" text NOT NULL,
	"original_name" text NOT NULL,
	"source_url" text,
	"storage_key" text,
	"content_type" text,
	"size_bytes" integer,
	"num_speakers" integer DEFAULT 2 NOT NULL,
	"phone_number" text,
	"crm_contact_id" text,
	"crm_message_id" text,
	"crm_first_name" text,
	"crm_last_name" text,
	"crm_contact_name" text,
	"crm_email" text,
	"duration_sec" real,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"segments" jsonb,
	"transcript_text" text,
	"coaching" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_text" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce("original_name", '') || ' ' || coalesce("created_text", '') || ' ' || coalesce("transcript_text", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "users_locations" (
	"user_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"role" text DEFAULT 'user' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_locations" ADD CONSTRAINT "users_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_locations" ADD CONSTRAINT "users_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "locations_org_crm_key" ON "locations" USING btree ("organization_id","crm_location_id");--> statement-breakpoint
CREATE INDEX "locations_org_idx" ON "locations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "recordings_org_created_idx" ON "recordings" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recordings_search_idx" ON "recordings" USING gin ("search");--> statement-breakpoint
CREATE INDEX "recordings_name_trgm_idx" ON "recordings" USING gin ("original_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recordings_created_text_trgm_idx" ON "recordings" USING gin ("created_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "recordings_crm_message_key" ON "recordings" USING btree ("location_id","crm_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_locations_key" ON "users_locations" USING btree ("user_id","location_id");