CREATE TABLE "lichess_follows" (
	"game_id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lichess_follows" ADD CONSTRAINT "lichess_follows_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lichess_follows_lease_idx" ON "lichess_follows" USING btree ("lease_until");