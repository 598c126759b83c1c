ALTER TABLE "mail_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "email" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_sender_idx" ON "mail_outbox" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "users_pending_email_lower_idx" ON "users" USING btree (lower("pending_email")) WHERE "users"."email" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "webauthn_challenges_challenge_idx" ON "webauthn_challenges" USING btree ("challenge");--> statement-breakpoint
-- Issue #35: new mail wakes the outbox worker of every instance once the change that queued it
-- has committed (a NOTIFY is delivered at commit), instead of at the scheduler's next minute.
CREATE FUNCTION "mail_queued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tripmates_mail', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mail_queued" AFTER INSERT ON "mail_outbox"
  FOR EACH STATEMENT EXECUTE FUNCTION "mail_queued"();
--> statement-breakpoint
-- Issue #35: a membership that ends (removed, left, the trip or the account deleted) says whose
-- it was (payload '<trip id> <user id>'), so each instance lets go of that person's sockets in
-- that trip's room — with or without Redis — and a to-do save (which tripmates_trip announces)
-- costs no membership check.
CREATE FUNCTION "tripmates_member_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tripmates_members', OLD."trip_id"::text || ' ' || OLD."user_id"::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "trip_member_gone" AFTER DELETE ON "trip_members"
  FOR EACH ROW EXECUTE FUNCTION "tripmates_member_gone"();
