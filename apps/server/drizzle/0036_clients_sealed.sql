DROP INDEX "clients_corp_phone_live";--> statement-breakpoint
DROP INDEX "clients_corp_id_number_open";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "phone_bidx" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "phone_last4_bidx" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "id_number_bidx" text;--> statement-breakpoint
CREATE INDEX "clients_corp_phone_bidx_live" ON "clients" USING btree ("corp_id","phone_bidx") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "clients_corp_phone_last4_bidx_live" ON "clients" USING btree ("corp_id","phone_last4_bidx") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_corp_id_number_bidx_open" ON "clients" USING btree ("corp_id","id_number_bidx") WHERE deleted_at is null and status not in (6, 8, 9) and id_number_bidx is not null;