ALTER TABLE "companies" ADD COLUMN "log_retention_months" smallint DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "closed_case_retention_years" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "personal_erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "clients_closed_not_erased" ON "clients" USING btree ("corp_id","updated_at") WHERE status in (6, 8, 9) and personal_erased_at is null;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_log_retention_six_months" CHECK ("companies"."log_retention_months" >= 6);