CREATE TABLE "storage_deletions" (
	"key" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trip_id" uuid NOT NULL,
	"added_by" uuid NOT NULL,
	"caption" text,
	"file_name" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"variants" jsonb NOT NULL,
	"storage_keys" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trip_photos" ADD CONSTRAINT "trip_photos_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_photos" ADD CONSTRAINT "trip_photos_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_deletions_due_idx" ON "storage_deletions" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "trip_photos_trip_idx" ON "trip_photos" USING btree ("trip_id","created_at");--> statement-breakpoint
CREATE INDEX "trip_photos_added_by_idx" ON "trip_photos" USING btree ("added_by");--> statement-breakpoint
-- Issue #23: whatever deletes a photo's row (its own delete, its trip's, its uploader's account's
-- cascade) leaves its stored files to delete, in the same transaction.
CREATE FUNCTION "trip_photo_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "storage_deletions" ("key")
    SELECT unnest(OLD."storage_keys")
    ON CONFLICT ("key") DO UPDATE SET "due_at" = now();
  -- Heard by every instance's storage sweeper (server/features/photos/storageSweeper.ts).
  PERFORM pg_notify('tripmates_storage', '');
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "trip_photo_deleted" AFTER DELETE ON "trip_photos"
  FOR EACH ROW EXECUTE FUNCTION "trip_photo_deleted"();
