-- Decision 079: a notification names the table and the company of the rows a commit changed ('clients:7'), so a
-- process ends only what that company's answers (or, for the session tables, its sessions) were made of. A row
-- without a company (a shared table) and a truncate say 'table:', which ends everything. PostgreSQL still folds
-- a transaction's identical payloads into one, so a statement over many rows of one company sends one.
CREATE OR REPLACE FUNCTION "crm_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  corp text;
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    corp := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> 'corp_id';
  END IF;
  PERFORM pg_notify('crm_change', TG_TABLE_NAME || ':' || coalesce(corp, ''));
  RETURN NULL;
END
$$;
