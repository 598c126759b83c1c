-- Issue #18: a change to an account or to one of its sessions tells every listener which
-- account changed (channel tripmates_auth, payload the user id), so a server that keeps
-- sessions in memory forgets that account's at once, whichever code path or server made the change.
CREATE OR REPLACE FUNCTION tripmates_auth_changed() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('tripmates_auth', OLD.id::text);
  ELSE
    PERFORM pg_notify('tripmates_auth', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION tripmates_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION tripmates_auth_changed();
