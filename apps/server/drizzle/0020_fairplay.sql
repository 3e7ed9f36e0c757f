CREATE TABLE "fairplay_analyses" (
	"game_id" text PRIMARY KEY NOT NULL,
	"depth" integer NOT NULL,
	"plies" jsonb NOT NULL,
	"white" jsonb NOT NULL,
	"black" jsonb NOT NULL,
	"white_verdict" jsonb NOT NULL,
	"black_verdict" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fairplay_figures" (
	"game_id" text NOT NULL,
	"color" text NOT NULL,
	"uid" text NOT NULL,
	"money" boolean NOT NULL,
	"figures" jsonb NOT NULL,
	"verdict" text NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fairplay_figures_game_id_color_pk" PRIMARY KEY("game_id","color")
);
--> statement-breakpoint
CREATE TABLE "fairplay_holds" (
	"game_id" text PRIMARY KEY NOT NULL,
	"winner_uid" text NOT NULL,
	"loser_uid" text NOT NULL,
	"escrow_ref" text NOT NULL,
	"currency" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"flag_id" bigint,
	"movement_id" bigint
);
--> statement-breakpoint
CREATE TABLE "fairplay_jobs" (
	"game_id" text PRIMARY KEY NOT NULL,
	"priority" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"gate" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"run_after" timestamp with time zone NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "move_times" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "fairplay_analyses" ADD CONSTRAINT "fairplay_analyses_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fairplay_figures" ADD CONSTRAINT "fairplay_figures_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fairplay_figures" ADD CONSTRAINT "fairplay_figures_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fairplay_holds" ADD CONSTRAINT "fairplay_holds_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fairplay_holds" ADD CONSTRAINT "fairplay_holds_winner_uid_users_id_fk" FOREIGN KEY ("winner_uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fairplay_holds" ADD CONSTRAINT "fairplay_holds_loser_uid_users_id_fk" FOREIGN KEY ("loser_uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fairplay_holds" ADD CONSTRAINT "fairplay_holds_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fairplay_jobs" ADD CONSTRAINT "fairplay_jobs_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fairplay_figures_uid_idx" ON "fairplay_figures" USING btree ("uid","money","ended_at");--> statement-breakpoint
CREATE INDEX "fairplay_holds_held_at_idx" ON "fairplay_holds" USING btree ("held_at");--> statement-breakpoint
CREATE INDEX "fairplay_jobs_pick_idx" ON "fairplay_jobs" USING btree ("priority","created_at") WHERE "fairplay_jobs"."state" in ('queued', 'running');