CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "n") VALUES (1, 0);
--> statement-breakpoint
-- Every statement that writes what an import writes raises the number, in the same transaction (ADR 303).
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "n" = "n" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "campaigns_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "campaigns" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "trip_purposes_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "trip_purposes" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "feedback_reasons_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "feedback_reasons" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "faqs_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "faqs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "text_modules_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "text_modules" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "questionnaires_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "questionnaires" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
