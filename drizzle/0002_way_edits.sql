CREATE TABLE "way_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"before_ids" jsonb NOT NULL,
	"after_ids" jsonb NOT NULL,
	"saved" jsonb,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "origin_ids" jsonb;--> statement-breakpoint
ALTER TABLE "way_edits" ADD CONSTRAINT "way_edits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "way_edits_user_idx" ON "way_edits" USING btree ("user_id","at");