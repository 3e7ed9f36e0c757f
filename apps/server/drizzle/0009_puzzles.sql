CREATE TABLE "lobby_chat" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lobby_id" text NOT NULL,
	"uid" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lobby_participants" (
	"lobby_id" text NOT NULL,
	"uid" text NOT NULL,
	"elo" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	"left_how" text,
	"current" integer DEFAULT 0 NOT NULL,
	"puzzles_completed" integer DEFAULT 0 NOT NULL,
	"strikes" integer DEFAULT 0 NOT NULL,
	"skips" integer DEFAULT 0 NOT NULL,
	"current_streak" integer DEFAULT 0 NOT NULL,
	"largest_streak" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lobby_participants_lobby_id_uid_pk" PRIMARY KEY("lobby_id","uid")
);
--> statement-breakpoint
CREATE TABLE "lobby_puzzles" (
	"lobby_id" text NOT NULL,
	"seq" integer NOT NULL,
	"puzzle_id" text NOT NULL,
	CONSTRAINT "lobby_puzzles_lobby_id_seq_pk" PRIMARY KEY("lobby_id","seq")
);
--> statement-breakpoint
CREATE TABLE "puzzle_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"puzzle_id" text NOT NULL,
	"context" text NOT NULL,
	"context_id" text,
	"seq" integer DEFAULT 0 NOT NULL,
	"next_ply" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"last_ply" integer,
	"last_uci" text,
	"last_verdict" text,
	"solution_shown" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "puzzle_imports" (
	"source" text PRIMARY KEY NOT NULL,
	"rows_done" bigint DEFAULT 0 NOT NULL,
	"rows_total" bigint,
	"completed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "puzzle_lobbies" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_uid" text NOT NULL,
	"status" text NOT NULL,
	"settings" jsonb NOT NULL,
	"code" text,
	"elo_min" integer NOT NULL,
	"elo_max" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"auto_start_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	"results" jsonb,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "puzzle_ratings" (
	"uid" text PRIMARY KEY NOT NULL,
	"rating" double precision NOT NULL,
	"rd" double precision NOT NULL,
	"vol" double precision NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "puzzles" (
	"id" text PRIMARY KEY NOT NULL,
	"fen" text NOT NULL,
	"moves" text NOT NULL,
	"rating" integer NOT NULL,
	"themes" text[] NOT NULL,
	"rnd" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solo_best" (
	"uid" text PRIMARY KEY NOT NULL,
	"score" integer NOT NULL,
	"run_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solo_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"status" text NOT NULL,
	"difficulty" text NOT NULL,
	"theme" text NOT NULL,
	"current" integer DEFAULT 0 NOT NULL,
	"puzzles_completed" integer DEFAULT 0 NOT NULL,
	"strikes" integer DEFAULT 0 NOT NULL,
	"skips" integer DEFAULT 0 NOT NULL,
	"current_streak" integer DEFAULT 0 NOT NULL,
	"largest_streak" integer DEFAULT 0 NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lobby_chat" ADD CONSTRAINT "lobby_chat_lobby_id_puzzle_lobbies_id_fk" FOREIGN KEY ("lobby_id") REFERENCES "public"."puzzle_lobbies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lobby_chat" ADD CONSTRAINT "lobby_chat_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lobby_participants" ADD CONSTRAINT "lobby_participants_lobby_id_puzzle_lobbies_id_fk" FOREIGN KEY ("lobby_id") REFERENCES "public"."puzzle_lobbies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lobby_participants" ADD CONSTRAINT "lobby_participants_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lobby_puzzles" ADD CONSTRAINT "lobby_puzzles_lobby_id_puzzle_lobbies_id_fk" FOREIGN KEY ("lobby_id") REFERENCES "public"."puzzle_lobbies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lobby_puzzles" ADD CONSTRAINT "lobby_puzzles_puzzle_id_puzzles_id_fk" FOREIGN KEY ("puzzle_id") REFERENCES "public"."puzzles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puzzle_attempts" ADD CONSTRAINT "puzzle_attempts_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puzzle_attempts" ADD CONSTRAINT "puzzle_attempts_puzzle_id_puzzles_id_fk" FOREIGN KEY ("puzzle_id") REFERENCES "public"."puzzles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puzzle_lobbies" ADD CONSTRAINT "puzzle_lobbies_owner_uid_users_id_fk" FOREIGN KEY ("owner_uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puzzle_ratings" ADD CONSTRAINT "puzzle_ratings_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solo_best" ADD CONSTRAINT "solo_best_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solo_runs" ADD CONSTRAINT "solo_runs_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lobby_chat_lobby_idx" ON "lobby_chat" USING btree ("lobby_id","id");--> statement-breakpoint
CREATE INDEX "lobby_participants_uid_idx" ON "lobby_participants" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "puzzle_attempts_uid_created_idx" ON "puzzle_attempts" USING btree ("uid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "puzzle_attempts_context_seq_key" ON "puzzle_attempts" USING btree ("uid","context_id","seq") WHERE "puzzle_attempts"."context_id" is not null;--> statement-breakpoint
CREATE INDEX "puzzle_lobbies_status_idx" ON "puzzle_lobbies" USING btree ("status");--> statement-breakpoint
CREATE INDEX "puzzle_lobbies_auto_start_idx" ON "puzzle_lobbies" USING btree ("auto_start_at");--> statement-breakpoint
CREATE INDEX "puzzle_lobbies_ends_at_idx" ON "puzzle_lobbies" USING btree ("ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "puzzle_lobbies_code_key" ON "puzzle_lobbies" USING btree ("code");--> statement-breakpoint
CREATE INDEX "puzzles_rating_rnd_idx" ON "puzzles" USING btree ("rating","rnd");--> statement-breakpoint
CREATE INDEX "puzzles_themes_idx" ON "puzzles" USING gin ("themes");--> statement-breakpoint
CREATE UNIQUE INDEX "solo_runs_open_uid_key" ON "solo_runs" USING btree ("uid") WHERE "solo_runs"."status" <> 'finished';--> statement-breakpoint
CREATE INDEX "solo_runs_ends_at_idx" ON "solo_runs" USING btree ("ends_at");