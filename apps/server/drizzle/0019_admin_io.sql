CREATE TABLE "data_exports" (
	"corp_id" integer NOT NULL,
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"requested_by" integer NOT NULL,
	"filter" jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "data_exports_corp_id_id_pk" PRIMARY KEY("corp_id","id")
);
--> statement-breakpoint
CREATE TABLE "data_imports" (
	"corp_id" integer NOT NULL,
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"created_by" integer NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"rows" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"error_count" integer NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"imported" integer,
	"created_at" timestamp with time zone NOT NULL,
	"committed_at" timestamp with time zone,
	CONSTRAINT "data_imports_corp_id_id_pk" PRIMARY KEY("corp_id","id")
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_corp_id_companies_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requested_by_staff_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_imports" ADD CONSTRAINT "data_imports_corp_id_companies_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_imports" ADD CONSTRAINT "data_imports_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_corp_id_requested_by_created_at_index" ON "data_exports" USING btree ("corp_id","requested_by","created_at");--> statement-breakpoint
CREATE INDEX "data_imports_corp_id_created_at_index" ON "data_imports" USING btree ("corp_id","created_at");