-- Issue #18: a change to a trip, its members or its to-dos tells every listener which trip
-- changed (channel tripmates_trip, payload the trip id), and a change to a person's name tells
-- them all trips may show it differently (payload '*'), so a server that keeps trip reads in
-- memory forgets them at once, whichever code path made the change.
CREATE OR REPLACE FUNCTION tripmates_trip_changed() RETURNS trigger AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'trips' THEN
    PERFORM pg_notify('tripmates_trip', changed.id::text);
  ELSE
    PERFORM pg_notify('tripmates_trip', changed.trip_id::text);
    IF TG_OP = 'UPDATE' AND OLD.trip_id IS DISTINCT FROM NEW.trip_id THEN
      PERFORM pg_notify('tripmates_trip', OLD.trip_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER trips_trip_changed AFTER INSERT OR UPDATE OR DELETE ON trips
  FOR EACH ROW EXECUTE FUNCTION tripmates_trip_changed();
--> statement-breakpoint
CREATE TRIGGER trip_members_trip_changed AFTER INSERT OR UPDATE OR DELETE ON trip_members
  FOR EACH ROW EXECUTE FUNCTION tripmates_trip_changed();
--> statement-breakpoint
CREATE TRIGGER todos_trip_changed AFTER INSERT OR UPDATE OR DELETE ON todos
  FOR EACH ROW EXECUTE FUNCTION tripmates_trip_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tripmates_name_changed() RETURNS trigger AS $$
BEGIN
  IF OLD.username IS DISTINCT FROM NEW.username
    OR OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.profile_image_url IS DISTINCT FROM NEW.profile_image_url THEN
    PERFORM pg_notify('tripmates_trip', '*');
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_name_changed AFTER UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION tripmates_name_changed();
