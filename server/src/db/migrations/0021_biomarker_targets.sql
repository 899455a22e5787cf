CREATE TABLE "biomarker_targets" (
	"user_id" uuid NOT NULL,
	"biomarker_key" text NOT NULL,
	"low" double precision,
	"high" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biomarker_targets_user_id_biomarker_key_pk" PRIMARY KEY("user_id","biomarker_key")
);
--> statement-breakpoint
CREATE TABLE "lab_retests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"biomarker_key" text NOT NULL,
	"result_id" uuid,
	"due_date" date NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biomarker_targets" ADD CONSTRAINT "biomarker_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_retests" ADD CONSTRAINT "lab_retests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_retests" ADD CONSTRAINT "lab_retests_result_id_lab_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."lab_results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lab_retests_user_biomarker_key" ON "lab_retests" USING btree ("user_id","biomarker_key");--> statement-breakpoint
CREATE INDEX "lab_retests_due_idx" ON "lab_retests" USING btree ("due_date") WHERE "lab_retests"."sent_at" is null;