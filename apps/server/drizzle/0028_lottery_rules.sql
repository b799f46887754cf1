ALTER TABLE "activities" ADD COLUMN "release_every" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "release_rollover" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "release_periods" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "complaint_contact" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_prizes" ADD COLUMN "value_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_release_periods" CHECK ("activities"."release_periods" >= 1);--> statement-breakpoint
ALTER TABLE "activity_prizes" ADD CONSTRAINT "activity_prizes_value" CHECK ("activity_prizes"."value_fen" between 0 and 5000000);--> statement-breakpoint
-- Decision 070: activities written before publishing existed were live from their first save.
UPDATE "activities" SET "published_at" = "created_at" WHERE "published_at" IS NULL;
