CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"location_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_org_pending_idx" ON "invitations" USING btree ("organization_id","created_at") WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL;--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link_type" text,
	"link_id" integer,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id" DESC);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "read_at" IS NULL;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "question_count" integer GENERATED ALWAYS AS (CASE WHEN jsonb_typeof("data" -> 'questions') = 'array' THEN jsonb_array_length("data" -> 'questions') ELSE 0 END) STORED;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "objection_count" integer GENERATED ALWAYS AS (CASE WHEN jsonb_typeof("data" -> 'objections') = 'array' THEN jsonb_array_length("data" -> 'objections') ELSE 0 END) STORED;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "pain_point_count" integer GENERATED ALWAYS AS (CASE WHEN jsonb_typeof("data" -> 'pain_points') = 'array' THEN jsonb_array_length("data" -> 'pain_points') ELSE 0 END) STORED;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "pricing_count" integer GENERATED ALWAYS AS (CASE WHEN jsonb_typeof("data" -> 'pricing_discussed') = 'array' THEN jsonb_array_length("data" -> 'pricing_discussed') ELSE 0 END) STORED;--> statement-breakpoint
CREATE INDEX "analyses_org_stats_idx" ON "analyses" USING btree ("organization_id","recording_id") INCLUDE ("result_class","question_count","objection_count","pain_point_count","pricing_count");--> statement-breakpoint
CREATE INDEX "recordings_org_stats_idx" ON "recordings" USING btree ("organization_id","created_at") INCLUDE ("duration_sec","user_id","status");--> statement-breakpoint
CREATE INDEX "recordings_org_user_created_idx" ON "recordings" USING btree ("organization_id","user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
