ALTER TABLE "files" ALTER COLUMN "uploader_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "house_image_events" ALTER COLUMN "uploaded_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "house_images" ALTER COLUMN "uploaded_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "uploader_agent_id" integer;--> statement-breakpoint
ALTER TABLE "house_brokerage_users" ADD COLUMN "wechat_openid" text;--> statement-breakpoint
ALTER TABLE "house_channels" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "house_clients" ADD COLUMN "channel_agent_id" integer;--> statement-breakpoint
ALTER TABLE "house_clients" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "house_image_events" ADD COLUMN "uploaded_by_agent_id" integer;--> statement-breakpoint
ALTER TABLE "house_images" ADD COLUMN "uploaded_by_agent_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_channel_agent_id_house_brokerage_users_id_fk" FOREIGN KEY ("channel_agent_id") REFERENCES "public"."house_brokerage_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploader_agent_id_house_brokerage_users_id_fk" FOREIGN KEY ("uploader_agent_id") REFERENCES "public"."house_brokerage_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_clients" ADD CONSTRAINT "house_clients_channel_agent_id_house_brokerage_users_id_fk" FOREIGN KEY ("channel_agent_id") REFERENCES "public"."house_brokerage_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_image_events" ADD CONSTRAINT "house_image_events_uploaded_by_agent_id_house_brokerage_users_id_fk" FOREIGN KEY ("uploaded_by_agent_id") REFERENCES "public"."house_brokerage_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_images" ADD CONSTRAINT "house_images_uploaded_by_agent_id_house_brokerage_users_id_fk" FOREIGN KEY ("uploaded_by_agent_id") REFERENCES "public"."house_brokerage_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "house_brokerage_users_agent_phone" ON "house_brokerage_users" USING btree ("corp_id","phone") WHERE "house_brokerage_users"."channel_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "house_brokerage_users_openid" ON "house_brokerage_users" USING btree ("corp_id","wechat_openid") WHERE "house_brokerage_users"."wechat_openid" is not null;--> statement-breakpoint
CREATE INDEX "house_clients_corp_id_channel_agent_id_id_index" ON "house_clients" USING btree ("corp_id","channel_agent_id","id");--> statement-breakpoint
CREATE INDEX "house_clients_unclaimed_idx" ON "house_clients" USING btree ("corp_id","id") WHERE "house_clients"."steward_id" is null and "house_clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "house_clients_corp_id_channel_id_signed_at_index" ON "house_clients" USING btree ("corp_id","channel_id","signed_at");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_one_uploader" CHECK (num_nonnulls("files"."uploader_id", "files"."uploader_agent_id") = 1);--> statement-breakpoint
ALTER TABLE "house_images" ADD CONSTRAINT "house_images_one_uploader" CHECK (num_nonnulls("house_images"."uploaded_by", "house_images"."uploaded_by_agent_id") = 1);--> statement-breakpoint
-- Clients signed before this migration count as completed in the month their signing task finished.
UPDATE "house_clients" AS c SET "signed_at" = t."finished_at" FROM "sign_tasks" AS t WHERE t."house_client_id" = c."id" AND t."status" = 'signed' AND c."status" = 3 AND c."signed_at" IS NULL;
