ALTER TABLE "trips" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "time_zone_chosen" boolean DEFAULT false NOT NULL;