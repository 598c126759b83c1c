CREATE TABLE "trip_searches" (
	"trip_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"query" jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"ran_by" uuid,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_searches_trip_id_kind_pk" PRIMARY KEY("trip_id","kind")
);
--> statement-breakpoint
ALTER TABLE "trip_searches" ADD CONSTRAINT "trip_searches_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_searches" ADD CONSTRAINT "trip_searches_ran_by_users_id_fk" FOREIGN KEY ("ran_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;