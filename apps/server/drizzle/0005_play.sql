CREATE TABLE "chess_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"platform" text DEFAULT 'builtin' NOT NULL,
	"username" text NOT NULL,
	"linked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chess_ratings" (
	"user_id" text NOT NULL,
	"family" text NOT NULL,
	"rating" double precision NOT NULL,
	"rd" double precision NOT NULL,
	"volatility" double precision NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chess_ratings_user_id_family_pk" PRIMARY KEY("user_id","family")
);
--> statement-breakpoint
CREATE TABLE "game_chat" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"room" text NOT NULL,
	"user_id" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"from_id" text NOT NULL,
	"to_id" text NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"game_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_spectators" (
	"game_id" text NOT NULL,
	"conn_id" text NOT NULL,
	"viewer_key" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_spectators_game_id_conn_id_pk" PRIMARY KEY("game_id","conn_id")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" text PRIMARY KEY NOT NULL,
	"platform" text DEFAULT 'builtin' NOT NULL,
	"external_id" text,
	"mode" text NOT NULL,
	"rated" boolean DEFAULT true NOT NULL,
	"white_id" text NOT NULL,
	"black_id" text NOT NULL,
	"white_rating" integer NOT NULL,
	"black_rating" integer NOT NULL,
	"white_provisional" boolean NOT NULL,
	"black_provisional" boolean NOT NULL,
	"white_rating_diff" integer,
	"black_rating_diff" integer,
	"status" text DEFAULT 'started' NOT NULL,
	"winner" text,
	"initial_fen" text NOT NULL,
	"fen" text NOT NULL,
	"moves" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"san" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ply" integer DEFAULT 0 NOT NULL,
	"initial_ms" integer NOT NULL,
	"increment_ms" integer NOT NULL,
	"white_ms" integer NOT NULL,
	"black_ms" integer NOT NULL,
	"turn_started_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"draw_offer" text,
	"takeback_offer" text,
	"rematch_offer" text,
	"rematch_game_id" text,
	"disconnect_color" text,
	"disconnect_grace_ends_at" timestamp with time zone,
	"stake_currency" text,
	"stake_amount" integer,
	"source" text,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "games_players_differ" CHECK ("games"."white_id" <> "games"."black_id"),
	CONSTRAINT "games_ply_matches" CHECK (jsonb_array_length("games"."moves") = "games"."ply"),
	CONSTRAINT "games_clocks_non_negative" CHECK ("games"."white_ms" >= 0 and "games"."black_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "play_live_players" (
	"user_id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "play_heartbeat" (
	"id" text PRIMARY KEY NOT NULL,
	"beat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "play_sockets" (
	"conn_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chess_profiles" ADD CONSTRAINT "chess_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chess_ratings" ADD CONSTRAINT "chess_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_chat" ADD CONSTRAINT "game_chat_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_chat" ADD CONSTRAINT "game_chat_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_invitations" ADD CONSTRAINT "game_invitations_from_id_users_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_invitations" ADD CONSTRAINT "game_invitations_to_id_users_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_spectators" ADD CONSTRAINT "game_spectators_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_white_id_users_id_fk" FOREIGN KEY ("white_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_black_id_users_id_fk" FOREIGN KEY ("black_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_live_players" ADD CONSTRAINT "play_live_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_live_players" ADD CONSTRAINT "play_live_players_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_sockets" ADD CONSTRAINT "play_sockets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_chat_game_idx" ON "game_chat" USING btree ("game_id","room","id");--> statement-breakpoint
CREATE INDEX "game_chat_user_idx" ON "game_chat" USING btree ("game_id","room","user_id","id");--> statement-breakpoint
CREATE INDEX "game_invitations_to_idx" ON "game_invitations" USING btree ("to_id","status");--> statement-breakpoint
CREATE INDEX "game_invitations_from_idx" ON "game_invitations" USING btree ("from_id","status");--> statement-breakpoint
CREATE INDEX "game_spectators_seen_idx" ON "game_spectators" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "game_spectators_conn_idx" ON "game_spectators" USING btree ("conn_id");--> statement-breakpoint
CREATE INDEX "games_white_idx" ON "games" USING btree ("white_id","ended_at");--> statement-breakpoint
CREATE INDEX "games_black_idx" ON "games" USING btree ("black_id","ended_at");--> statement-breakpoint
CREATE INDEX "games_deadline_idx" ON "games" USING btree ("deadline_at") WHERE "games"."status" = 'started';--> statement-breakpoint
CREATE INDEX "play_sockets_user_idx" ON "play_sockets" USING btree ("user_id","seen_at");