CREATE TABLE "bot_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	CONSTRAINT "bot_accounts_level_unique" UNIQUE("level")
);
--> statement-breakpoint
CREATE TABLE "bot_games" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"bot_id" text NOT NULL,
	"level" text NOT NULL,
	"game_id" text,
	"stake" bigint NOT NULL,
	"house_stake" bigint NOT NULL,
	"state" text NOT NULL,
	"lease_ply" integer,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bot_accounts" ADD CONSTRAINT "bot_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_games" ADD CONSTRAINT "bot_games_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_games" ADD CONSTRAINT "bot_games_bot_id_users_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_games" ADD CONSTRAINT "bot_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_games_game_key" ON "bot_games" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "bot_games_user_idx" ON "bot_games" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bot_games_open_idx" ON "bot_games" USING btree ("created_at") WHERE "bot_games"."state" in ('starting', 'playing');--> statement-breakpoint
-- The bot players (issue 13): system users with no password and sign-in disabled. A space in
-- the name keeps them apart from every registrable username (letters, digits, hyphens).
INSERT INTO "users" ("id", "username", "username_lower", "email", "email_lower", "email_verified", "login_disabled", "created_at")
VALUES
	('bot_low', 'AI Low', 'ai low', 'bot-low@bots.invalid', 'bot-low@bots.invalid', true, true, now()),
	('bot_mid', 'AI Mid', 'ai mid', 'bot-mid@bots.invalid', 'bot-mid@bots.invalid', true, true, now()),
	('bot_high', 'AI High', 'ai high', 'bot-high@bots.invalid', 'bot-high@bots.invalid', true, true, now());
--> statement-breakpoint
INSERT INTO "bot_accounts" ("user_id", "level") VALUES ('bot_low', 'low'), ('bot_mid', 'mid'), ('bot_high', 'high');
