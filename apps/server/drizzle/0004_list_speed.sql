-- Recordings list speed (ADR 022): a per-organization count of recordings and a version that moves
-- whenever a row that a list count depends on is inserted, deleted, or changes a searched column.
-- Kept by triggers so every writer (app, worker, seeders, psql) keeps it true.
CREATE TABLE "recording_counts" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recording_counts" ADD CONSTRAINT "recording_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "recording_counts" ("organization_id", "total", "version")
	SELECT "organization_id", count(*), 1 FROM "recordings" GROUP BY "organization_id";
--> statement-breakpoint
CREATE FUNCTION "recording_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "recording_counts" AS c ("organization_id", "total", "version")
		SELECT "organization_id", count(*), 1 FROM inserted GROUP BY "organization_id"
	ON CONFLICT ("organization_id") DO UPDATE SET "total" = c."total" + excluded."total", "version" = c."version" + 1;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "recording_counts_insert" AFTER INSERT ON "recordings"
	REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "recording_counts_after_insert"();
--> statement-breakpoint
-- UPDATE only: when the organization itself is being deleted, its counter row may already be gone.
CREATE FUNCTION "recording_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "recording_counts" AS c SET "total" = c."total" - d.n, "version" = c."version" + 1
		FROM (SELECT "organization_id", count(*) AS n FROM deleted GROUP BY "organization_id") d
		WHERE c."organization_id" = d."organization_id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "recording_counts_delete" AFTER DELETE ON "recordings"
	REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "recording_counts_after_delete"();
--> statement-breakpoint
CREATE FUNCTION "recording_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."organization_id" <> OLD."organization_id" THEN
		UPDATE "recording_counts" SET "total" = "total" - 1, "version" = "version" + 1
			WHERE "organization_id" = OLD."organization_id";
		INSERT INTO "recording_counts" AS c ("organization_id", "total", "version") VALUES (NEW."organization_id", 1, 1)
		ON CONFLICT ("organization_id") DO UPDATE SET "total" = c."total" + 1, "version" = c."version" + 1;
	ELSE
		UPDATE "recording_counts" SET "version" = "version" + 1 WHERE "organization_id" = NEW."organization_id";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Progress and status updates (many per recording) leave counts alone: only searched columns count.
CREATE TRIGGER "recording_counts_update"
	AFTER UPDATE OF "organization_id", "original_name", "created_text", "transcript_text" ON "recordings"
	FOR EACH ROW WHEN (
		OLD."organization_id" IS DISTINCT FROM NEW."organization_id"
		OR OLD."original_name" IS DISTINCT FROM NEW."original_name"
		OR OLD."created_text" IS DISTINCT FROM NEW."created_text"
		OR OLD."transcript_text" IS DISTINCT FROM NEW."transcript_text"
	) EXECUTE FUNCTION "recording_counts_after_update"();
