CREATE TABLE "staff_grants" (
	"corp_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"permission" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_grants_corp_id_staff_id_permission_pk" PRIMARY KEY("corp_id","staff_id","permission")
);
--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "staff_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "sex" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "kind" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "partner_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "channel_agent_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "visitor_openid" text;--> statement-breakpoint
ALTER TABLE "staff_grants" ADD CONSTRAINT "staff_grants_corp_id_companies_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_grants" ADD CONSTRAINT "staff_grants_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_grants_corp_id_permission_index" ON "staff_grants" USING btree ("corp_id","permission");--> statement-breakpoint
ALTER TABLE "staff" DROP COLUMN "gender";--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_one_principal" CHECK (num_nonnulls("sessions"."staff_id", "sessions"."partner_id", "sessions"."channel_agent_id", "sessions"."visitor_openid") = 1 and case "sessions"."kind"
        when 'staff' then "sessions"."staff_id" is not null
        when 'partner' then "sessions"."partner_id" is not null
        when 'channel' then "sessions"."channel_agent_id" is not null
        when 'visitor' then "sessions"."visitor_openid" is not null
        else false end);