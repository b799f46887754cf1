-- Decision 064: every committed write, by any process or by hand, tells the listening servers that what
-- they keep of the database is out of date. A row trigger, so a statement that changes no row (a poll that
-- claims nothing) says nothing; PostgreSQL folds the repeats of one transaction into one notification, sent
-- at commit, and sends none for a rollback. TRUNCATE has no rows: a statement trigger covers it.
CREATE FUNCTION "crm_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('crm_change', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every table of the schema, so a table one module owns cannot be left out. A table added by a later
-- migration gets its triggers there: db/change-feed.test.ts fails for a table without them.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format(
      'CREATE TRIGGER crm_change AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION crm_notify_change()',
      t.tablename
    );
    EXECUTE format(
      'CREATE TRIGGER crm_change_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION crm_notify_change()',
      t.tablename
    );
  END LOOP;
END
$$;
