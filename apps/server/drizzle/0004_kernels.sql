DROP INDEX "house_images_storage_key_index";--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
-- Hand-edited after drizzle-kit generate: existing files are all cases', and existing house images move
-- into files (their one stored object serves as the thumbnail too) before house_images loses its columns.
ALTER TABLE "files" ADD COLUMN "owner_kind" text NOT NULL DEFAULT 'case';--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "owner_kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "house_client_id" integer;--> statement-breakpoint
ALTER TABLE "house_images" ADD COLUMN "file_id" integer;--> statement-breakpoint
INSERT INTO "files" ("corp_id", "owner_kind", "house_client_id", "uploader_id", "storage_key", "thumb_key", "content_type", "bytes", "width", "height", "attached_at", "created_at")
  SELECT "corp_id", 'house_client', "house_client_id", "uploaded_by", "storage_key", "storage_key", "mime", "size_bytes", 0, 0, "created_at", "created_at" FROM "house_images";--> statement-breakpoint
UPDATE "house_images" SET "file_id" = "files"."id" FROM "files" WHERE "files"."corp_id" = "house_images"."corp_id" AND "files"."storage_key" = "house_images"."storage_key";--> statement-breakpoint
ALTER TABLE "house_images" ALTER COLUMN "file_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_house_client_id_house_clients_id_fk" FOREIGN KEY ("house_client_id") REFERENCES "public"."house_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_images" ADD CONSTRAINT "house_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_corp_id_house_client_id_index" ON "files" USING btree ("corp_id","house_client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "house_images_file_id_index" ON "house_images" USING btree ("file_id");--> statement-breakpoint
ALTER TABLE "house_images" DROP COLUMN "storage_key";--> statement-breakpoint
ALTER TABLE "house_images" DROP COLUMN "mime";--> statement-breakpoint
ALTER TABLE "house_images" DROP COLUMN "size_bytes";--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_one_owner" CHECK (("files"."owner_kind" = 'case' and "files"."client_id" is not null and "files"."house_client_id" is null) or ("files"."owner_kind" = 'house_client' and "files"."house_client_id" is not null and "files"."client_id" is null));