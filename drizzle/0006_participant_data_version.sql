ALTER TABLE "users" ADD COLUMN "data_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every statement that writes a participant's own data raises their data_version, in the writing transaction, whoever
-- writes (ADR 309). Statement triggers with transition tables: one UPDATE of users per statement, however many rows.
CREATE FUNCTION "bump_data_version_by_user_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "data_version" = "data_version" + 1 WHERE "id" IN (SELECT DISTINCT "user_id" FROM "changed");
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Legs belong to a participant through their way.
CREATE FUNCTION "bump_data_version_by_trip_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "data_version" = "data_version" + 1
  WHERE "id" IN (SELECT DISTINCT t."user_id" FROM "trips" t JOIN "changed" c ON c."trip_id" = t."id");
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An UPDATE raises the owners before and after it (a row moved to another participant changes what both see).
CREATE FUNCTION "bump_data_version_by_user_id_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "data_version" = "data_version" + 1
  WHERE "id" IN (SELECT "user_id" FROM "changed" UNION SELECT "user_id" FROM "before");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "bump_data_version_by_trip_id_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "data_version" = "data_version" + 1
  WHERE "id" IN (
    SELECT t."user_id" FROM "trips" t
    WHERE t."id" IN (SELECT "trip_id" FROM "changed" UNION SELECT "trip_id" FROM "before")
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE names no rows: everyone's version is raised.
CREATE FUNCTION "bump_every_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "data_version" = "data_version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "trips_data_version_insert" AFTER INSERT ON "trips" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "trips_data_version_update" AFTER UPDATE ON "trips" REFERENCING OLD TABLE AS "before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id_moved"();
--> statement-breakpoint
CREATE TRIGGER "trips_data_version_delete" AFTER DELETE ON "trips" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "trips_data_version_truncate" AFTER TRUNCATE ON "trips" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_data_version"();
--> statement-breakpoint
CREATE TRIGGER "way_edits_data_version_insert" AFTER INSERT ON "way_edits" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "way_edits_data_version_update" AFTER UPDATE ON "way_edits" REFERENCING OLD TABLE AS "before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id_moved"();
--> statement-breakpoint
CREATE TRIGGER "way_edits_data_version_delete" AFTER DELETE ON "way_edits" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "way_edits_data_version_truncate" AFTER TRUNCATE ON "way_edits" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_data_version"();
--> statement-breakpoint
CREATE TRIGGER "zero_trip_days_data_version_insert" AFTER INSERT ON "zero_trip_days" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "zero_trip_days_data_version_update" AFTER UPDATE ON "zero_trip_days" REFERENCING OLD TABLE AS "before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id_moved"();
--> statement-breakpoint
CREATE TRIGGER "zero_trip_days_data_version_delete" AFTER DELETE ON "zero_trip_days" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "zero_trip_days_data_version_truncate" AFTER TRUNCATE ON "zero_trip_days" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_data_version"();
--> statement-breakpoint
CREATE TRIGGER "answers_data_version_insert" AFTER INSERT ON "answers" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "answers_data_version_update" AFTER UPDATE ON "answers" REFERENCING OLD TABLE AS "before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id_moved"();
--> statement-breakpoint
CREATE TRIGGER "answers_data_version_delete" AFTER DELETE ON "answers" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "answers_data_version_truncate" AFTER TRUNCATE ON "answers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_data_version"();
--> statement-breakpoint
CREATE TRIGGER "questionnaire_completions_data_version_insert" AFTER INSERT ON "questionnaire_completions" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "questionnaire_completions_data_version_update" AFTER UPDATE ON "questionnaire_completions" REFERENCING OLD TABLE AS "before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id_moved"();
--> statement-breakpoint
CREATE TRIGGER "questionnaire_completions_data_version_delete" AFTER DELETE ON "questionnaire_completions" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "questionnaire_completions_data_version_truncate" AFTER TRUNCATE ON "questionnaire_completions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_data_version"();
--> statement-breakpoint
CREATE TRIGGER "questionnaire_drafts_data_version_insert" AFTER INSERT ON "questionnaire_drafts" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "questionnaire_drafts_data_version_update" AFTER UPDATE ON "questionnaire_drafts" REFERENCING OLD TABLE AS "before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id_moved"();
--> statement-breakpoint
CREATE TRIGGER "questionnaire_drafts_data_version_delete" AFTER DELETE ON "questionnaire_drafts" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "questionnaire_drafts_data_version_truncate" AFTER TRUNCATE ON "questionnaire_drafts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_data_version"();
--> statement-breakpoint
CREATE TRIGGER "pois_data_version_insert" AFTER INSERT ON "pois" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "pois_data_version_update" AFTER UPDATE ON "pois" REFERENCING OLD TABLE AS "before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id_moved"();
--> statement-breakpoint
CREATE TRIGGER "pois_data_version_delete" AFTER DELETE ON "pois" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "pois_data_version_truncate" AFTER TRUNCATE ON "pois" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_data_version"();
--> statement-breakpoint
CREATE TRIGGER "legs_data_version_insert" AFTER INSERT ON "legs" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_trip_id"();
--> statement-breakpoint
CREATE TRIGGER "legs_data_version_update" AFTER UPDATE ON "legs" REFERENCING OLD TABLE AS "before" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_trip_id_moved"();
--> statement-breakpoint
CREATE TRIGGER "legs_data_version_delete" AFTER DELETE ON "legs" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_by_trip_id"();
--> statement-breakpoint
CREATE TRIGGER "legs_data_version_truncate" AFTER TRUNCATE ON "legs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_every_data_version"();
