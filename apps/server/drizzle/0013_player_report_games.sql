ALTER TABLE "player_reports" ADD COLUMN "game_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "player_reports_reporter_game_idx" ON "player_reports" USING btree ("reporter","game_id");--> statement-breakpoint
-- Issue 10: until now any one report, from anyone, froze the reported player's withdrawals for
-- good, and only reports wrote this kind. Those freezes are lifted; the reports stay for the
-- admin console, and from now on a restriction needs reporters who played the player.
DELETE FROM "wallet_restrictions" WHERE "kind" = 'reported';
