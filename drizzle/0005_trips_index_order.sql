DROP INDEX "trips_user_start_idx";--> statement-breakpoint
DROP INDEX "trips_user_status_idx";--> statement-breakpoint
CREATE INDEX "trips_user_start_idx" ON "trips" USING btree ("user_id","start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "trips_user_status_idx" ON "trips" USING btree ("user_id","validation_status","all_questions_answered","start_time" DESC NULLS FIRST);