ALTER TABLE "companies" ADD COLUMN "esign_expiry_days" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "esign_face_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "esign_orders" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "esign_orders_sealed_sha256" ON "esign_orders" USING btree ("sealed_sha256");--> statement-breakpoint
CREATE INDEX "esign_orders_open_expiry" ON "esign_orders" USING btree ("link_expires_at") WHERE status = 'sent';