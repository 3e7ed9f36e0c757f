CREATE TABLE "lichess_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"lichess_id" text NOT NULL,
	"username" text NOT NULL,
	"token_enc" text NOT NULL,
	"token_revoked_at" timestamp with time zone,
	"blitz_rating" integer,
	"blitz_rd" integer,
	"blitz_games" integer,
	"blitz_provisional" boolean,
	"rapid_rating" integer,
	"rapid_rd" integer,
	"rapid_games" integer,
	"rapid_provisional" boolean,
	"linked_at" timestamp with time zone NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lichess_accounts_lichess_id_key" UNIQUE("lichess_id")
);
--> statement-breakpoint
CREATE TABLE "lichess_link_requests" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"verifier_enc" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lichess_accounts" ADD CONSTRAINT "lichess_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lichess_link_requests" ADD CONSTRAINT "lichess_link_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lichess_link_requests_user_idx" ON "lichess_link_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lichess_link_requests_expires_idx" ON "lichess_link_requests" USING btree ("expires_at");