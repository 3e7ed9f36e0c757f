CREATE TABLE "reality_checks" (
	"uid" text PRIMARY KEY NOT NULL,
	"session_started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "settings" SET DEFAULT '{"showDollar":true,"showWbx":true,"hideLichessUsername":false,"soundMuted":false,"realityCheckMinutes":60}'::jsonb;--> statement-breakpoint
ALTER TABLE "reality_checks" ADD CONSTRAINT "reality_checks_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Everyone before the setting existed gets a reality check every hour, as a new account does.
UPDATE "users" SET "settings" = '{"realityCheckMinutes":60}'::jsonb || "settings" WHERE "settings" -> 'realityCheckMinutes' IS NULL;
