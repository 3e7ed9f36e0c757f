CREATE TABLE "dots_users" (
	"uid" text PRIMARY KEY NOT NULL,
	"verification_id" text NOT NULL,
	"dots_user_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "dots_users" ADD CONSTRAINT "dots_users_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dots_users_verification_idx" ON "dots_users" USING btree ("verification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dots_users_dots_user_idx" ON "dots_users" USING btree ("dots_user_id");