ALTER TABLE "users" ADD COLUMN "profile_image_key" text;--> statement-breakpoint
-- Issue #38 item 9: a profile picture replaced or removed, or its account deleted, leaves its
-- stored file to delete, in the same transaction, as migration 0021 does for photos.
CREATE FUNCTION "profile_picture_released"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  released boolean := OLD."profile_image_key" IS NOT NULL;
BEGIN
  IF released AND TG_OP = 'UPDATE' THEN
    released := NEW."profile_image_key" IS DISTINCT FROM OLD."profile_image_key";
  END IF;
  IF released THEN
    INSERT INTO "storage_deletions" ("key") VALUES (OLD."profile_image_key")
      ON CONFLICT ("key") DO UPDATE SET "due_at" = now();
    -- Heard by every instance's storage sweeper (server/features/photos/storageSweeper.ts).
    PERFORM pg_notify('tripmates_storage', '');
  END IF;
  RETURN NULL; -- an AFTER trigger's result is not used
END
$$;--> statement-breakpoint
CREATE TRIGGER "profile_picture_released" AFTER UPDATE OF "profile_image_key" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "profile_picture_released"();
