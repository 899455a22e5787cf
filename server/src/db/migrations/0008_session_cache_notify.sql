-- App processes keep recently read sessions in memory (features/auth/session-cache.ts). Any change
-- to what that read returns (the user, their sessions, their metered usage), by whatever writer,
-- names the user on this channel when it commits, so that every process forgets them.
CREATE FUNCTION "notify_session_cache"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_cache', COALESCE(NEW.id, OLD.id)::text);
  ELSE
    PERFORM pg_notify('session_cache', COALESCE(NEW.user_id, OLD.user_id)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_notify_session_cache" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_session_cache"();
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_session_cache" AFTER INSERT OR UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_session_cache"();
--> statement-breakpoint
CREATE TRIGGER "usage_events_notify_session_cache" AFTER INSERT OR UPDATE OR DELETE ON "usage_events" FOR EACH ROW EXECUTE FUNCTION "notify_session_cache"();
