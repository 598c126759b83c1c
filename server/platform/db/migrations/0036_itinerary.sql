-- Issue #39: the trip's plan. "rank" is a fractional-indexing key, ordered byte by byte: its
-- column is collated "C" so every comparison, ORDER BY and the index agree on any database.
CREATE TABLE "itinerary_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"created_by" uuid,
	"kind" text DEFAULT 'activity' NOT NULL,
	"title" text NOT NULL,
	"day" date,
	"rank" text COLLATE "C" NOT NULL,
	"start_time" text,
	"end_time" text,
	"place" jsonb,
	"link" text,
	"notes" text,
	"cost_cents" integer,
	"cost_currency" text,
	"goers" uuid[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "itinerary_items" ADD CONSTRAINT "itinerary_items_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itinerary_items" ADD CONSTRAINT "itinerary_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "itinerary_items_order_idx" ON "itinerary_items" USING btree ("trip_id","day","rank");