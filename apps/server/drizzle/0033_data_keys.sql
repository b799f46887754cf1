CREATE TABLE "data_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"version" smallint NOT NULL,
	"wrapped" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_keys_purpose" CHECK ("data_keys"."purpose" in ('data', 'index')),
	CONSTRAINT "data_keys_version" CHECK ("data_keys"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "data_keys" ADD CONSTRAINT "data_keys_corp_id_companies_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_keys_corp_purpose_version" ON "data_keys" USING btree ("corp_id","purpose","version");--> statement-breakpoint
CREATE TRIGGER crm_change AFTER INSERT OR UPDATE OR DELETE ON "data_keys" FOR EACH ROW EXECUTE FUNCTION crm_notify_change();--> statement-breakpoint
CREATE TRIGGER crm_change_truncate AFTER TRUNCATE ON "data_keys" FOR EACH STATEMENT EXECUTE FUNCTION crm_notify_change();