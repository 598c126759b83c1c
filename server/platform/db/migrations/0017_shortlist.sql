CREATE TABLE "shortlist_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"title" text NOT NULL,
	"detail" text,
	"partner" text NOT NULL,
	"image_url" text,
	"price" jsonb,
	"book_url" text NOT NULL,
	"slices" jsonb,
	"chosen_at" timestamp with time zone,
	"chosen_by" uuid,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shortlist_votes" (
	"option_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"vote" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shortlist_votes_option_id_user_id_pk" PRIMARY KEY("option_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "shortlist_options" ADD CONSTRAINT "shortlist_options_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_options" ADD CONSTRAINT "shortlist_options_chosen_by_users_id_fk" FOREIGN KEY ("chosen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_options" ADD CONSTRAINT "shortlist_options_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_votes" ADD CONSTRAINT "shortlist_votes_option_id_shortlist_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."shortlist_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_votes" ADD CONSTRAINT "shortlist_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shortlist_options_source_idx" ON "shortlist_options" USING btree ("trip_id","source_key");--> statement-breakpoint
CREATE INDEX "shortlist_options_trip_idx" ON "shortlist_options" USING btree ("trip_id","created_at");