DROP INDEX "outside_partners_corp_id_phone_index";--> statement-breakpoint
DROP INDEX "outside_referrals_phone_protected";--> statement-breakpoint
DROP INDEX "outside_referrals_id_number_protected";--> statement-breakpoint
ALTER TABLE "esign_orders" ALTER COLUMN "pages" SET DATA TYPE text USING "pages"::text;--> statement-breakpoint
ALTER TABLE "outside_partners" ADD COLUMN "phone_bidx" text;--> statement-breakpoint
ALTER TABLE "outside_referrals" ADD COLUMN "phone_bidx" text;--> statement-breakpoint
ALTER TABLE "outside_referrals" ADD COLUMN "phone_last4_bidx" text;--> statement-breakpoint
ALTER TABLE "outside_referrals" ADD COLUMN "id_number_bidx" text;--> statement-breakpoint
CREATE UNIQUE INDEX "outside_partners_corp_phone_bidx" ON "outside_partners" USING btree ("corp_id","phone_bidx");--> statement-breakpoint
CREATE UNIQUE INDEX "outside_referrals_phone_bidx_protected" ON "outside_referrals" USING btree ("corp_id","phone_bidx") WHERE status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "outside_referrals_id_number_bidx_protected" ON "outside_referrals" USING btree ("corp_id","id_number_bidx") WHERE status = 1 and id_number_bidx is not null;--> statement-breakpoint
CREATE INDEX "outside_referrals_corp_phone_bidx" ON "outside_referrals" USING btree ("corp_id","phone_bidx");--> statement-breakpoint
CREATE INDEX "outside_referrals_corp_phone_last4_bidx" ON "outside_referrals" USING btree ("corp_id","phone_last4_bidx");--> statement-breakpoint
CREATE INDEX "outside_referrals_corp_id_number_bidx" ON "outside_referrals" USING btree ("corp_id","id_number_bidx");