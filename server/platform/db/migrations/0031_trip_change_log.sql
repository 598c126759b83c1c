CREATE TABLE "trip_change_heads" (
	"trip_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_changes" (
	"trip_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"change" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_changes_trip_id_seq_pk" PRIMARY KEY("trip_id","seq")
);
--> statement-breakpoint
ALTER TABLE "trip_change_heads" ADD CONSTRAINT "trip_change_heads_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_changes" ADD CONSTRAINT "trip_changes_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_changes_created_idx" ON "trip_changes" USING btree ("created_at");