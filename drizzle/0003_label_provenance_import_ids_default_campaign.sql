ALTER TABLE "campaigns" ADD COLUMN "name_i18n" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "desc_i18n" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "legs" ADD COLUMN "purpose_source" text;--> statement-breakpoint
ALTER TABLE "legs" ADD COLUMN "purpose_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legs" ADD COLUMN "mode_source" text;--> statement-breakpoint
ALTER TABLE "legs" ADD COLUMN "mode_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "import_id" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "import_hash" text;--> statement-breakpoint
CREATE INDEX "trips_user_import_idx" ON "trips" USING btree ("user_id","import_id");