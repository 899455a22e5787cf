CREATE TABLE "intake_warning_dismissals" (
	"user_id" uuid NOT NULL,
	"nutrient" text NOT NULL,
	"doses_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intake_warning_dismissals_user_id_nutrient_pk" PRIMARY KEY("user_id","nutrient")
);
--> statement-breakpoint
ALTER TABLE "supplement_logs" ADD COLUMN "strength_amount" double precision;--> statement-breakpoint
ALTER TABLE "supplement_logs" ADD COLUMN "strength_unit" text;--> statement-breakpoint
ALTER TABLE "supplement_logs" ADD COLUMN "content_amount" double precision;--> statement-breakpoint
ALTER TABLE "supplement_logs" ADD COLUMN "content_unit" text;--> statement-breakpoint
ALTER TABLE "supplements" ADD COLUMN "strength_amount" double precision;--> statement-breakpoint
ALTER TABLE "supplements" ADD COLUMN "strength_unit" text;--> statement-breakpoint
ALTER TABLE "supplements" ADD COLUMN "content_amount" double precision;--> statement-breakpoint
ALTER TABLE "supplements" ADD COLUMN "content_unit" text;--> statement-breakpoint
ALTER TABLE "supplements" ADD COLUMN "strength_of" text;--> statement-breakpoint
ALTER TABLE "supplements" ADD COLUMN "content_of" text;--> statement-breakpoint
ALTER TABLE "supplements" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "intake_warning_dismissals" ADD CONSTRAINT "intake_warning_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;