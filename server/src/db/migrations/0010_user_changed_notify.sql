-- The in-memory cache now also holds a user's day and streak (lib/user-cache.ts): the notice is
-- about the user's data, not only their sessions, and intake and notes send it too.
ALTER FUNCTION "notify_session_cache"() RENAME TO "notify_user_changed";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('user_changed', COALESCE(NEW.id, OLD.id)::text);
  ELSE
    PERFORM pg_notify('user_changed', COALESCE(NEW.user_id, OLD.user_id)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "supplement_logs_notify_user_changed" AFTER INSERT OR UPDATE OR DELETE ON "supplement_logs" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "qualitative_logs_notify_user_changed" AFTER INSERT OR UPDATE OR DELETE ON "qualitative_logs" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"();
