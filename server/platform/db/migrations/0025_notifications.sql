CREATE TABLE "email_deliveries" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"trip_id" uuid,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"trip_id" uuid,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"subject_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"in_app" boolean NOT NULL,
	"email_pending" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email_preferences" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email_preferences" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_members" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unsubscribe_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_deliveries_user_idx" ON "email_deliveries" USING btree ("user_id","kind","trip_id");--> statement-breakpoint
CREATE INDEX "notifications_bell_idx" ON "notifications" USING btree ("user_id","created_at","id") WHERE "notifications"."in_app";--> statement-breakpoint
CREATE INDEX "notifications_email_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."email_pending";--> statement-breakpoint
CREATE INDEX "todos_due_idx" ON "todos" USING btree ("due_date") WHERE not "todos"."is_completed" and "todos"."assigned_to" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_unsubscribe_token_unique" UNIQUE("unsubscribe_token");--> statement-breakpoint
-- The two e-mail switches people had keep their meaning: invitations and reminders by e-mail.
UPDATE "users" SET "notification_preferences" = jsonb_build_object(
  'invited', jsonb_build_object('email', coalesce(("email_preferences"->>'tripInvitations')::boolean, true)),
  'tripReminder', jsonb_build_object('email', coalesce(("email_preferences"->>'tripReminders')::boolean, true))
) WHERE "email_preferences" IS NOT NULL;--> statement-breakpoint
-- Issue #24: a person's notifications changed (new, read, gone with their trip): every instance
-- hears it and tells that person's tabs there (server/features/notifications/live.ts).
CREATE FUNCTION "notification_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('tripmates_notifications', OLD."user_id"::text);
    RETURN OLD;
  END IF;
  IF NEW."in_app" THEN
    PERFORM pg_notify('tripmates_notifications', NEW."user_id"::text);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notification_changed" AFTER INSERT OR UPDATE OF "read_at" OR DELETE ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "notification_changed"();
