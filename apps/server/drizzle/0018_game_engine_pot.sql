ALTER TABLE "games" ADD COLUMN "stake_pot" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "engine_color" text;--> statement-breakpoint
-- Rows written before: a wagered game's pot was twice the stake; a bot game's is its stake and
-- the house's share, and its engine is the bot account's side.
UPDATE "games" SET "stake_pot" = "stake_amount" * 2 WHERE "stake_amount" IS NOT NULL AND ("source" IS NULL OR "source" NOT LIKE 'bot:%');--> statement-breakpoint
UPDATE "games" g SET "stake_pot" = (b."stake" + b."house_stake")::integer,
	"engine_color" = CASE WHEN g."white_id" = b."bot_id" THEN 'white' ELSE 'black' END
FROM "bot_games" b WHERE b."game_id" = g."id";
