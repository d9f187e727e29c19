ALTER TABLE "organizations" ADD COLUMN "retention_days" integer;
