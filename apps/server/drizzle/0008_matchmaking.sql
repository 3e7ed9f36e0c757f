CREATE TABLE "app_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"paused" boolean NOT NULL,
	"announcement" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"from_uid" text NOT NULL,
	"to_uid" text NOT NULL,
	"mode" text NOT NULL,
	"currency" text NOT NULL,
	"value" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_modes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"sort_order" integer NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_wagers" (
	"currency" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"value" integer NOT NULL,
	"status" text NOT NULL,
	"provisional_status" boolean NOT NULL,
	"min_requirement" integer NOT NULL,
	CONSTRAINT "game_wagers_currency_key_pk" PRIMARY KEY("currency","key")
);
--> statement-breakpoint
CREATE TABLE "matchmaking_calls" (
	"uid" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matchmaking_records" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"state" text NOT NULL,
	"cleared" boolean DEFAULT false NOT NULL,
	"mode" text NOT NULL,
	"currency" text NOT NULL,
	"value" integer NOT NULL,
	"amount" bigint NOT NULL,
	"rating" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"search_deadline" timestamp with time zone,
	"match_id" text,
	"opponent_uid" text,
	"accepted" boolean DEFAULT false NOT NULL,
	"accept_deadline" timestamp with time zone,
	"declined_by" text,
	"game_id" text,
	"message" text,
	"result" jsonb,
	"challenge_id" text,
	"rematch_offered" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_from_uid_users_id_fk" FOREIGN KEY ("from_uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_to_uid_users_id_fk" FOREIGN KEY ("to_uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchmaking_calls" ADD CONSTRAINT "matchmaking_calls_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchmaking_records" ADD CONSTRAINT "matchmaking_records_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenges_to_idx" ON "challenges" USING btree ("to_uid") WHERE "challenges"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "challenges_from_idx" ON "challenges" USING btree ("from_uid") WHERE "challenges"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "challenges_expiry_idx" ON "challenges" USING btree ("expires_at") WHERE "challenges"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "matchmaking_one_per_user" ON "matchmaking_records" USING btree ("uid") WHERE "matchmaking_records"."cleared" = false;--> statement-breakpoint
CREATE INDEX "matchmaking_bucket_idx" ON "matchmaking_records" USING btree ("mode","currency","value") WHERE "matchmaking_records"."state" = 'searching';--> statement-breakpoint
CREATE INDEX "matchmaking_match_idx" ON "matchmaking_records" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "matchmaking_open_idx" ON "matchmaking_records" USING btree ("state") WHERE "matchmaking_records"."state" in ('searching', 'matched', 'starting', 'playing');