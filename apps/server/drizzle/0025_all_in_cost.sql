ALTER TABLE "companies" ADD COLUMN "all_in_cost_cap_bp" integer DEFAULT 2400 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "fees" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rules" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fees" jsonb DEFAULT '[]'::jsonb NOT NULL;