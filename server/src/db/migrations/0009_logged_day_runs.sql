CREATE TABLE "logged_day_runs" (
	"user_id" uuid NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "logged_day_runs_user_id_first_day_pk" PRIMARY KEY("user_id","first_day")
);
--> statement-breakpoint
ALTER TABLE "logged_day_runs" ADD CONSTRAINT "logged_day_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Recomputes the runs of every user a statement on supplement_logs touched, from that user's
-- distinct days: a run of consecutive days shares `day - row_number()`. Writes of logs are rare
-- next to reads of the streak, and a full recompute cannot drift. The lock is the one a day's
-- save takes (supplement-logs.repository.ts), so that two writers of one user take turns here too.
CREATE FUNCTION "refresh_logged_day_runs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('supplement-logs:' || user_id::text))
    FROM (SELECT DISTINCT user_id FROM changed ORDER BY user_id) touched;
  DELETE FROM logged_day_runs WHERE user_id IN (SELECT user_id FROM changed);
  INSERT INTO logged_day_runs (user_id, first_day, last_day)
    SELECT user_id, min(day), max(day)
    FROM (
      SELECT user_id, day, day - (row_number() OVER (PARTITION BY user_id ORDER BY day))::int AS run
      FROM (SELECT DISTINCT user_id, local_date AS day FROM supplement_logs WHERE user_id IN (SELECT user_id FROM changed)) days
    ) numbered
    GROUP BY user_id, run;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "supplement_logs_insert_runs" AFTER INSERT ON "supplement_logs" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "refresh_logged_day_runs"();
--> statement-breakpoint
CREATE TRIGGER "supplement_logs_update_runs" AFTER UPDATE ON "supplement_logs" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "refresh_logged_day_runs"();
--> statement-breakpoint
CREATE TRIGGER "supplement_logs_delete_runs" AFTER DELETE ON "supplement_logs" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "refresh_logged_day_runs"();
--> statement-breakpoint
INSERT INTO logged_day_runs (user_id, first_day, last_day)
  SELECT user_id, min(day), max(day)
  FROM (
    SELECT user_id, day, day - (row_number() OVER (PARTITION BY user_id ORDER BY day))::int AS run
    FROM (SELECT DISTINCT user_id, local_date AS day FROM supplement_logs) days
  ) numbered
  GROUP BY user_id, run;
