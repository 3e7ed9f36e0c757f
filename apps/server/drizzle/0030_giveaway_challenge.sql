ALTER TABLE "challenges" ADD COLUMN "giveaway" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matchmaking_records" ADD COLUMN "giveaway_by" text;