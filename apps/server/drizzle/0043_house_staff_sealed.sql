-- SMS codes live five minutes and count for a day; their plain phones go rather than be hashed (SQL never sees the server secret): a code in flight at the upgrade is asked for again.
DELETE FROM "sms_codes";--> statement-breakpoint
DROP INDEX "staff_corp_id_phone_index";--> statement-breakpoint
DROP INDEX "staff_phone_index";--> statement-breakpoint
DROP INDEX "sms_codes_phone_created_at_index";--> statement-breakpoint
DROP INDEX "house_brokerage_users_agent_phone";--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "phone_bidx" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "phone_last4_bidx" text;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "phone_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "house_brokerage_users" ADD COLUMN "phone_bidx" text;--> statement-breakpoint
ALTER TABLE "house_brokerage_users" ADD COLUMN "phone_last4_bidx" text;--> statement-breakpoint
ALTER TABLE "house_clients" ADD COLUMN "phone_bidx" text;--> statement-breakpoint
ALTER TABLE "house_clients" ADD COLUMN "phone_last4_bidx" text;--> statement-breakpoint
ALTER TABLE "house_clients" ADD COLUMN "id_number_bidx" text;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_corp_id_phone_bidx_index" ON "staff" USING btree ("corp_id","phone_bidx");--> statement-breakpoint
CREATE INDEX "staff_phone_bidx_index" ON "staff" USING btree ("phone_bidx");--> statement-breakpoint
CREATE INDEX "staff_corp_id_phone_last4_bidx_index" ON "staff" USING btree ("corp_id","phone_last4_bidx");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_hash_created_at_index" ON "sms_codes" USING btree ("phone_hash","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "house_brokerage_users_agent_phone_bidx" ON "house_brokerage_users" USING btree ("corp_id","phone_bidx") WHERE "house_brokerage_users"."channel_id" is not null;--> statement-breakpoint
CREATE INDEX "house_brokerage_users_phone_bidx" ON "house_brokerage_users" USING btree ("phone_bidx");--> statement-breakpoint
CREATE INDEX "house_brokerage_users_corp_phone_last4_bidx" ON "house_brokerage_users" USING btree ("corp_id","phone_last4_bidx");--> statement-breakpoint
CREATE INDEX "house_clients_corp_phone_bidx" ON "house_clients" USING btree ("corp_id","phone_bidx") WHERE "house_clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "house_clients_corp_phone_last4_bidx" ON "house_clients" USING btree ("corp_id","phone_last4_bidx") WHERE "house_clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "house_clients_corp_id_number_bidx" ON "house_clients" USING btree ("corp_id","id_number_bidx");--> statement-breakpoint
ALTER TABLE "sms_codes" DROP COLUMN "phone";