-- App processes keep recent reads of a user's data in memory (lib/user-cache.ts): their session,
-- day and streak. Any change to what those reads return, by whatever writer, names the user on
-- this channel when it commits, so that every process forgets them.
CREATE FUNCTION "notify_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER "users_notify_user_changed" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_user_changed" AFTER INSERT OR UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "usage_events_notify_user_changed" AFTER INSERT OR UPDATE OR DELETE ON "usage_events" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "supplement_logs_notify_user_changed" AFTER INSERT OR UPDATE OR DELETE ON "supplement_logs" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "qualitative_logs_notify_user_changed" AFTER INSERT OR UPDATE OR DELETE ON "qualitative_logs" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"();
