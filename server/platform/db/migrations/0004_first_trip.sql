ALTER TABLE "users" ADD COLUMN "first_trip_made_at" timestamp with time zone;--> statement-breakpoint
-- Whoever is already on a trip has had their first visit.
UPDATE "users" SET "first_trip_made_at" = now() WHERE "id" IN (SELECT "user_id" FROM "trip_members");
