CREATE TABLE "rating_history" (
	"user_id" text NOT NULL,
	"game_id" text NOT NULL,
	"family" text NOT NULL,
	"rating" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "rating_history_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rating_history_user_at_idx" ON "rating_history" USING btree ("user_id","at");--> statement-breakpoint
-- Games rated before this table existed: the rating after the game is the rating at its start
-- plus its change (a player has one live game at a time, so nothing rated them in between).
INSERT INTO "rating_history" ("user_id", "game_id", "family", "rating", "at")
SELECT "white_id", "id", CASE WHEN "mode" IN ('wmgt_000001', 'wmgt_000002') THEN 'blitz' ELSE 'rapid' END,
	"white_rating" + "white_rating_diff", "ended_at"
FROM "games" WHERE "rated" AND "ended_at" IS NOT NULL AND "white_rating_diff" IS NOT NULL
UNION ALL
SELECT "black_id", "id", CASE WHEN "mode" IN ('wmgt_000001', 'wmgt_000002') THEN 'blitz' ELSE 'rapid' END,
	"black_rating" + "black_rating_diff", "ended_at"
FROM "games" WHERE "rated" AND "ended_at" IS NOT NULL AND "black_rating_diff" IS NOT NULL
ON CONFLICT DO NOTHING;
