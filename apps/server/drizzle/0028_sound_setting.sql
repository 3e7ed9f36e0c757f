ALTER TABLE "users" ALTER COLUMN "settings" SET DEFAULT '{"showDollar":true,"showWbx":true,"hideLichessUsername":false,"soundMuted":false}'::jsonb;--> statement-breakpoint
-- Everyone before the setting existed hears the game sounds (their settings gain the flag as false).
UPDATE "users" SET "settings" = '{"soundMuted":false}'::jsonb || "settings" WHERE "settings" -> 'soundMuted' IS NULL;
