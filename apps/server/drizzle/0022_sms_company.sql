ALTER TABLE "sms_codes" ADD COLUMN "corp_id" integer;--> statement-breakpoint
CREATE INDEX "sms_codes_corp_id_created_at_index" ON "sms_codes" USING btree ("corp_id","created_at");