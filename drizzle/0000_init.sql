CREATE TABLE "answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"scope" text NOT NULL,
	"trip_id" integer,
	"leg_id" integer,
	"question_id" integer NOT NULL,
	"answ_opt_id" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"desc" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"creator" jsonb,
	"contact_by_phone_no" text,
	"contact_by_email" text,
	"participation_automatically_allowed" boolean DEFAULT true NOT NULL,
	"project_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer,
	"locale" text NOT NULL,
	"question" text NOT NULL,
	"answ" text NOT NULL,
	"sort_idx" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_reasons" (
	"id" integer PRIMARY KEY NOT NULL,
	"campaign_id" integer,
	"name" jsonb NOT NULL,
	"sort_idx" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"len" double precision,
	"geom" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"detected_modes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tfc_modes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"purpose_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"validation_status" boolean DEFAULT false NOT NULL,
	"qtns_answered" boolean DEFAULT true NOT NULL,
	"meta_data_recs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_poi" jsonb,
	"end_poi" jsonb
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"path" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pois" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"verification_status" boolean,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	"creation_type" text DEFAULT 'CREATED_MANUALLY' NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"desc" text
);
--> statement-breakpoint
CREATE TABLE "questionnaire_completions" (
	"user_id" integer NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"scope" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_completions_user_id_questionnaire_id_scope_pk" PRIMARY KEY("user_id","questionnaire_id","scope")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_drafts" (
	"user_id" integer NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"scope" text NOT NULL,
	"resps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seen_question_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_drafts_user_id_questionnaire_id_scope_pk" PRIMARY KEY("user_id","questionnaire_id","scope")
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" integer PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"type" text NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"avail_from" timestamp with time zone,
	"avail_until" timestamp with time zone,
	"tfc_modes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"definition" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer,
	"constant" text NOT NULL,
	"locale" text NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "throttle_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_purposes" (
	"id" integer PRIMARY KEY NOT NULL,
	"campaign_id" integer,
	"name" jsonb NOT NULL,
	"sort_idx" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text,
	"obj_id" text,
	"creation_type" text DEFAULT 'CREATED_AUTOMATICALLY' NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"distance" double precision,
	"fdbk_avail" boolean DEFAULT false NOT NULL,
	"fdbk_reason_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fdbk_remark" text,
	"validation_status" boolean DEFAULT false NOT NULL,
	"confirmation_status" boolean DEFAULT false NOT NULL,
	"qtn_answered" boolean DEFAULT true NOT NULL,
	"all_questions_answered" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"alias" text,
	"first_name" text,
	"last_name" text,
	"verified" boolean DEFAULT false NOT NULL,
	"password_update_required" boolean DEFAULT false NOT NULL,
	"locale" text DEFAULT 'de_DE' NOT NULL,
	"campaign_id" integer,
	"pseudonym" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zero_trip_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zero_trip_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_leg_id_legs_id_fk" FOREIGN KEY ("leg_id") REFERENCES "legs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_reasons" ADD CONSTRAINT "feedback_reasons_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legs" ADD CONSTRAINT "legs_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_posts" ADD CONSTRAINT "pending_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pois" ADD CONSTRAINT "pois_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_completions" ADD CONSTRAINT "questionnaire_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_drafts" ADD CONSTRAINT "questionnaire_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_modules" ADD CONSTRAINT "text_modules_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_purposes" ADD CONSTRAINT "trip_purposes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zero_trip_days" ADD CONSTRAINT "zero_trip_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answers_user_idx" ON "answers" USING btree ("user_id","questionnaire_id","scope");--> statement-breakpoint
CREATE INDEX "legs_trip_idx" ON "legs" USING btree ("trip_id","idx");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_tokens_hash_idx" ON "one_time_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user_idx" ON "one_time_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "pois_user_idx" ON "pois" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "questionnaires_campaign_idx" ON "questionnaires" USING btree ("campaign_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "throttle_events_key_idx" ON "throttle_events" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "trips_user_start_idx" ON "trips" USING btree ("user_id","start_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trips_user_status_idx" ON "trips" USING btree ("user_id","validation_status","all_questions_answered","start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_campaign_idx" ON "users" USING btree ("campaign_id");