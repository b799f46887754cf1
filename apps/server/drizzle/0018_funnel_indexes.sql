DROP INDEX "case_events_corp_id_client_id_id_index";--> statement-breakpoint
CREATE INDEX "case_events_corp_client_id_moves" ON "case_events" USING btree ("corp_id","client_id","id","from_status","to_status","created_at");--> statement-breakpoint
CREATE INDEX "clients_corp_team_created_live" ON "clients" USING btree ("corp_id","team_id","created_at") WHERE deleted_at is null;