-- Decision 078: the owner's last touch of a case, kept in a column by triggers, so the pool's clock (the home
-- page's 待办, the sweep, the warnings) reads one indexed column instead of every case's follow-ups. Triggers
-- rather than the app, so every writer (follow-ups, claims, handovers, merges, seeds, a hand-made fix) keeps it.
ALTER TABLE "clients" ADD COLUMN "touched_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "clients" c SET "touched_at" = greatest(coalesce(c.owned_since, c.created_at),
  coalesce((select max(f.created_at) from follow_ups f where f.corp_id = c.corp_id and f.client_id = c.id), c.created_at));--> statement-breakpoint
CREATE FUNCTION "crm_client_touched_at"(corp integer, client integer, owned timestamptz, created timestamptz)
RETURNS timestamptz LANGUAGE sql STABLE AS $$
  select greatest(coalesce(owned, created),
    coalesce((select max(f.created_at) from follow_ups f where f.corp_id = corp and f.client_id = client), created))
$$;--> statement-breakpoint
-- A case's own row: made, or taken by a new owner (claim, reassignment, handover).
CREATE FUNCTION "crm_clients_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.touched_at := crm_client_touched_at(NEW.corp_id, NEW.id, NEW.owned_since, NEW.created_at);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER crm_clients_touch BEFORE INSERT OR UPDATE OF owned_since, created_at, touched_at ON "clients"
  FOR EACH ROW EXECUTE FUNCTION crm_clients_touch();--> statement-breakpoint
-- A follow-up written, moved (a merge) or removed: the cases it names are touched again.
CREATE FUNCTION "crm_follow_ups_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE clients c SET touched_at = crm_client_touched_at(c.corp_id, c.id, c.owned_since, c.created_at)
      WHERE c.corp_id = NEW.corp_id AND c.id = NEW.client_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE clients c SET touched_at = crm_client_touched_at(c.corp_id, c.id, c.owned_since, c.created_at)
      WHERE c.corp_id = OLD.corp_id AND c.id = OLD.client_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER crm_follow_ups_touch AFTER INSERT OR DELETE OR UPDATE OF client_id, corp_id, created_at ON "follow_ups"
  FOR EACH ROW EXECUTE FUNCTION crm_follow_ups_touch();--> statement-breakpoint
CREATE INDEX "clients_owner_touched_workable" ON "clients" USING btree ("corp_id","owner_id","touched_at") WHERE deleted_at is null and pooled_at is null and merged_into is null and status in (1, 2, 4);--> statement-breakpoint
CREATE INDEX "clients_corp_touched_workable" ON "clients" USING btree ("corp_id","touched_at") WHERE deleted_at is null and pooled_at is null and merged_into is null and status in (1, 2, 4);
