ALTER TABLE "companies" ADD COLUMN "nudge_days" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "merged_into" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outside_referrals" ADD COLUMN "pooled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_merged_into_clients_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;