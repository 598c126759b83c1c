ALTER TABLE "whiteboard_files" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "whiteboard_files" ADD COLUMN "storage_key" text;--> statement-breakpoint
-- Whatever deletes a whiteboard's picture (its widget's delete, its trip's) leaves its stored
-- file to delete, in the same transaction, as migration 0021 does for photos.
CREATE FUNCTION "whiteboard_file_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."storage_key" IS NOT NULL THEN
    INSERT INTO "storage_deletions" ("key") VALUES (OLD."storage_key")
      ON CONFLICT ("key") DO UPDATE SET "due_at" = now();
    PERFORM pg_notify('tripmates_storage', '');
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "whiteboard_file_deleted" AFTER DELETE ON "whiteboard_files"
  FOR EACH ROW EXECUTE FUNCTION "whiteboard_file_deleted"();
